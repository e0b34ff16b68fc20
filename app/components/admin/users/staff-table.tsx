import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { UserRound } from "lucide-react";
import { useState } from "react";
import { Form, Link, useSearchParams } from "react-router";
import type { UsersResponse } from "@server/users/api";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ListSkeleton } from "~/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { failureMessage, useResultFeedback, type Outcome } from "~/components/ui/use-result-feedback";
import { apiAction } from "~/lib/queryClient";
import { usersKeys } from "~/lib/query-keys";

type StaffRow = UsersResponse["users"][number];
type UserAction = { method: "PATCH" | "POST" | "DELETE"; path: string; body?: unknown };

/** The staff accounts (GET /api/admin/users?q=) and what an admin can do to each. */
export function StaffTable() {
  const [params] = useSearchParams();
  const q = params.get("q") ?? "";
  const users = useQuery<UsersResponse>({ queryKey: usersKeys.list({ q }) });
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>();
  const act = useMutation({
    mutationFn: ({ method, path, body }: UserAction) => apiAction(method, `${usersKeys.all.join("/")}${path}`, body),
    onSuccess: setOutcome,
    onError: setOutcome,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
  useResultFeedback(outcome);

  return (
    <Card
      title="Staff accounts"
      actions={
        <Form method="get" role="search" className="flex items-end gap-2" preventScrollReset>
          {[...params].map(([key, value]) =>
            key === "q" ? null : <input key={key} type="hidden" name={key} value={value} />,
          )}
          <Field label="Search users" id="user-search">
            <Input name="q" type="search" defaultValue={q} placeholder="Name or e-mail" />
          </Field>
          <Button type="submit" variant="outline">
            Search
          </Button>
        </Form>
      }
    >
      <div className="mt-4">
        {users.isPending ? (
          <ListSkeleton label="Loading staff accounts..." />
        ) : users.isError ? (
          <Alert variant="error">{failureMessage(users.error)}</Alert>
        ) : users.data.users.length === 0 ? (
          <EmptyState icon={UserRound} title="No users match" description="Try another name or e-mail address." />
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {users.data.users.map((user) => (
                <StaffRowView key={user.id} user={user} busy={act.isPending} onAct={(action) => act.mutate(action)} />
              ))}
            </TableBody>
          </Table>
        )}
      </div>
    </Card>
  );
}

function StaffRowView({ user, busy, onAct }: { user: StaffRow; busy: boolean; onAct: (action: UserAction) => void }) {
  const otherRole = user.role === "admin" ? "editor" : "admin";
  const path = `/${encodeURIComponent(user.id)}`;
  return (
    <TableRow>
      <TableCell>
        <p className="font-medium text-foreground">
          {user.name}
          {user.self ? <span className="ml-2 text-xs text-muted-foreground">(you)</span> : null}
        </p>
        <p className="text-muted-foreground">{user.email}</p>
      </TableCell>
      <TableCell className="capitalize">{user.role}</TableCell>
      <TableCell>
        <div className="flex flex-wrap gap-1.5">
          {user.disabled ? (
            <Badge variant="destructive">Disabled</Badge>
          ) : !user.hasPassword ? (
            <Badge variant="warning">Invited</Badge>
          ) : (
            <Badge variant="success">Active</Badge>
          )}
          {user.twoFactorEnabled ? <Badge variant="info">2FA on</Badge> : null}
        </div>
      </TableCell>
      <TableCell>
        {user.self ? (
          <Link to="/admin/security" className="text-sm font-medium text-link underline">
            Manage your account
          </Link>
        ) : (
          <div className="flex flex-wrap gap-2">
            <ConfirmAction
              disabled={busy}
              trigger={`Make ${otherRole}`}
              triggerLabel={`Make ${otherRole}: ${user.name}`}
              title={`Make ${user.name} ${otherRole === "admin" ? "an admin" : "an editor"}?`}
              description={
                otherRole === "admin"
                  ? "Admins can manage users and see the audit log."
                  : "Editors manage content, forms and contacts, but not users."
              }
              confirmLabel={`Make ${otherRole}`}
              onConfirm={() => onAct({ method: "PATCH", path, body: { role: otherRole } })}
            />
            {user.disabled ? (
              <ConfirmAction
                disabled={busy}
                trigger="Enable"
                triggerLabel={`Enable: ${user.name}`}
                title={`Enable ${user.name}?`}
                description="They will be able to sign in again."
                confirmLabel="Enable"
                onConfirm={() => onAct({ method: "PATCH", path, body: { disabled: false } })}
              />
            ) : (
              <ConfirmAction
                disabled={busy}
                trigger="Disable"
                triggerLabel={`Disable: ${user.name}`}
                title={`Disable ${user.name}?`}
                description="Their sessions end at once and they cannot sign in until enabled again."
                confirmLabel="Disable"
                destructive
                onConfirm={() => onAct({ method: "PATCH", path, body: { disabled: true } })}
              />
            )}
            {!user.hasPassword ? (
              <ConfirmAction
                disabled={busy}
                trigger="Resend invitation"
                triggerLabel={`Resend invitation: ${user.name}`}
                title={`Send ${user.name} a new invitation?`}
                description="They get a new link, valid for 72 hours; earlier links stop working."
                confirmLabel="Send again"
                onConfirm={() => onAct({ method: "POST", path: `${path}/invitation` })}
              />
            ) : null}
            {user.twoFactorEnabled ? (
              <ConfirmAction
                disabled={busy}
                trigger="Reset 2FA"
                triggerLabel={`Reset 2FA: ${user.name}`}
                title={`Reset two-factor authentication for ${user.name}?`}
                description="Their authenticator app and backup codes stop working; they can set up 2FA again from their Security page."
                confirmLabel="Reset 2FA"
                destructive
                onConfirm={() => onAct({ method: "DELETE", path: `${path}/two-factor` })}
              />
            ) : null}
            <ConfirmAction
              disabled={busy}
              trigger="Delete"
              triggerLabel={`Delete: ${user.name}`}
              title={`Delete ${user.name}?`}
              description="The account and its sessions are removed for good. Their entries in the audit log stay."
              confirmLabel="Delete user"
              destructive
              onConfirm={() => onAct({ method: "DELETE", path })}
            />
          </div>
        )}
      </TableCell>
    </TableRow>
  );
}
