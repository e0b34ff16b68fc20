import { AlertDialog } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useFetcher, useLoaderData, useSearchParams } from "react-router";
import { z } from "zod";
import { auditActionLabels, auditActions, listAudit } from "@server/audit/audit";
import { ROLES } from "@common/roles";
import { requirePermission } from "@server/auth/permissions";
import { actorOf } from "@server/auth/route-helpers";
import { getDb } from "@server/db";
import {
  deleteUser,
  inviteUser,
  listUsers,
  resendInvite,
  resetTwoFactor,
  setDisabled,
  setRole,
  UserActionError,
} from "@server/users/users";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { Alert } from "~/components/ui/alert";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Button } from "~/components/ui/button";
import { useResultToast } from "~/components/admin/use-result-toast";
import { formatDateTime } from "~/lib/dates";
import { seo } from "~/lib/seo";
import { describeUserAgent } from "~/lib/user-agent";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Users · Admin", description: "Staff accounts, their roles and their access.", noindex: true });

const AUDIT_PAGE = 25;

export async function loader(args: Route.LoaderArgs) {
  const { user } = requirePermission(args, "users");
  const url = new URL(args.request.url);
  const db = getDb();
  const page = Math.max(1, Number(url.searchParams.get("page") ?? 1) || 1);
  const action = url.searchParams.get("action") ?? "";
  const aq = url.searchParams.get("aq") ?? "";
  const audit = await listAudit(db, {
    query: aq || undefined,
    action: action || undefined,
    limit: AUDIT_PAGE,
    offset: (page - 1) * AUDIT_PAGE,
  });
  return {
    me: user.id,
    users: await listUsers(db, { query: url.searchParams.get("q") ?? undefined }),
    audit: {
      ...audit,
      page,
      pages: Math.max(1, Math.ceil(audit.total / AUDIT_PAGE)),
      actions: (await auditActions(db)).map((a) => ({ value: a, label: auditActionLabels[a] ?? a })),
      rows: audit.rows.map((r) => ({
        ...r,
        label: auditActionLabels[r.action] ?? r.action,
        device: describeUserAgent(r.userAgent),
      })),
    },
  };
}

const inviteSchema = z.object({
  email: z.string().trim().toLowerCase().email("Please enter a valid e-mail address."),
  name: z.string().trim().min(1, "Please enter a name.").max(120),
  role: z.enum(["admin", "editor"]),
});

type Result = { ok: true; message: string } | { ok: false; error: string; fields?: Record<string, string> };

export async function action(args: Route.ActionArgs) {
  const session = requirePermission(args, "users");
  const actor = actorOf(session, args);
  const db = getDb();
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const userId = String(form.get("userId") ?? "");
  try {
    switch (intent) {
      case "invite": {
        const parsed = inviteSchema.safeParse(Object.fromEntries(form));
        if (!parsed.success) {
          const fields = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
          return data<Result>({ ok: false, error: "Please check the form.", fields }, { status: 400 });
        }
        await inviteUser(db, actor, parsed.data);
        return data<Result>({ ok: true, message: `Invitation sent to ${parsed.data.email}.` });
      }
      case "set-role": {
        const role = z.enum(["admin", "editor"]).parse(form.get("role"));
        await setRole(db, actor, userId, role);
        return data<Result>({ ok: true, message: `Role changed to ${role}.` });
      }
      case "disable":
      case "enable":
        await setDisabled(db, actor, userId, intent === "disable");
        return data<Result>({
          ok: true,
          message: intent === "disable" ? "User disabled and signed out." : "User enabled.",
        });
      case "resend-invite":
        await resendInvite(db, actor, userId);
        return data<Result>({ ok: true, message: "Invitation sent again." });
      case "reset-2fa":
        await resetTwoFactor(db, actor, userId);
        return data<Result>({ ok: true, message: "Two-factor authentication reset." });
      case "delete":
        await deleteUser(db, actor, userId);
        return data<Result>({ ok: true, message: "User deleted." });
      default:
        return data<Result>({ ok: false, error: "Unknown action." }, { status: 400 });
    }
  } catch (err) {
    if (err instanceof UserActionError) return data<Result>({ ok: false, error: err.message }, { status: 409 });
    if (err instanceof z.ZodError) return data<Result>({ ok: false, error: "Invalid request." }, { status: 400 });
    throw err;
  }
}

export default function UsersPage() {
  const { users, me, audit } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  return (
    <div className="grid gap-8">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Users</h1>
        <p className="mt-2 text-slate-600">Staff accounts, their roles and their access.</p>
      </div>
      <InviteUser />
      <section aria-labelledby="users-heading" className="rounded-lg border border-slate-200 bg-white p-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="users-heading" className="text-lg font-semibold text-slate-900">
            Staff accounts
          </h2>
          <Form method="get" role="search" className="flex items-end gap-2">
            <Field label="Search users" id="user-search">
              <Input name="q" type="search" defaultValue={params.get("q") ?? ""} placeholder="Name or e-mail" />
            </Field>
            <Button type="submit" variant="outline">
              Search
            </Button>
          </Form>
        </div>
        {users.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">No users match.</p>
        ) : (
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Name
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Role
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Status
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {users.map((u) => (
                  <UserRow key={u.id} user={u} isMe={u.id === me} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <AuditLog audit={audit} />
    </div>
  );
}

type UserData = ReturnType<typeof useLoaderData<typeof loader>>["users"][number];

function UserRow({ user, isMe }: { user: UserData; isMe: boolean }) {
  const fetcher = useFetcher<Result>();
  useResultToast(fetcher.data);
  const submit = (fields: Record<string, string>) => fetcher.submit({ userId: user.id, ...fields }, { method: "post" });
  const otherRole = user.role === "admin" ? "editor" : "admin";
  const status = user.disabled ? "Disabled" : !user.hasPassword ? "Invited" : "Active";
  return (
    <tr>
      <td className="py-3 pr-4">
        <p className="font-medium text-slate-900">
          {user.name}
          {isMe ? <span className="ml-2 text-xs text-slate-500">(you)</span> : null}
        </p>
        <p className="text-slate-600">{user.email}</p>
      </td>
      <td className="py-3 pr-4 capitalize text-slate-800">{user.role}</td>
      <td className="py-3 pr-4 text-slate-800">
        {status}
        {user.twoFactorEnabled ? <span className="block text-xs text-slate-500">2FA on</span> : null}
      </td>
      <td className="py-3">
        {isMe ? (
          <Link to="/admin/security" className="text-sm font-medium text-brand-700 underline">
            Manage your account
          </Link>
        ) : (
          <div className="flex flex-wrap gap-2">
            <ConfirmAction
              trigger={`Make ${otherRole}`}
              triggerLabel={`Make ${user.name} ${otherRole}`}
              title={`Make ${user.name} ${otherRole === "admin" ? "an admin" : "an editor"}?`}
              description={
                otherRole === "admin"
                  ? "Admins can manage users and see the audit log."
                  : "Editors manage content, forms and contacts, but not users."
              }
              confirmLabel={`Make ${otherRole}`}
              onConfirm={() => submit({ intent: "set-role", role: otherRole })}
            />
            {user.disabled ? (
              <ConfirmAction
                trigger="Enable"
                triggerLabel={`Enable ${user.name}`}
                title={`Enable ${user.name}?`}
                description="They will be able to sign in again."
                confirmLabel="Enable"
                onConfirm={() => submit({ intent: "enable" })}
              />
            ) : (
              <ConfirmAction
                trigger="Disable"
                triggerLabel={`Disable ${user.name}`}
                title={`Disable ${user.name}?`}
                description="Their sessions end at once and they cannot sign in until enabled again."
                confirmLabel="Disable"
                destructive
                onConfirm={() => submit({ intent: "disable" })}
              />
            )}
            {!user.hasPassword ? (
              <ConfirmAction
                trigger="Resend invitation"
                triggerLabel={`Resend the invitation to ${user.name}`}
                title={`Send ${user.name} a new invitation?`}
                description="They get a new link, valid for 72 hours; earlier links stop working."
                confirmLabel="Send again"
                onConfirm={() => submit({ intent: "resend-invite" })}
              />
            ) : null}
            {user.twoFactorEnabled ? (
              <ConfirmAction
                trigger="Reset 2FA"
                triggerLabel={`Reset two-factor authentication for ${user.name}`}
                title={`Reset two-factor authentication for ${user.name}?`}
                description="Their authenticator app and backup codes stop working; they can set up 2FA again from their Security page."
                confirmLabel="Reset 2FA"
                destructive
                onConfirm={() => submit({ intent: "reset-2fa" })}
              />
            ) : null}
            <ConfirmAction
              trigger="Delete"
              triggerLabel={`Delete ${user.name}`}
              title={`Delete ${user.name}?`}
              description="The account and its sessions are removed for good. Their entries in the audit log stay."
              confirmLabel="Delete user"
              destructive
              onConfirm={() => submit({ intent: "delete" })}
            />
          </div>
        )}
      </td>
    </tr>
  );
}

function InviteUser() {
  const fetcher = useFetcher<Result>();
  const formRef = useRef<HTMLFormElement>(null);
  const [pending, setPending] = useState<FormData | null>(null);
  useResultToast(fetcher.data);
  useEffect(() => {
    if (fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.data]);
  const fields = fetcher.data && !fetcher.data.ok ? fetcher.data.fields : undefined;
  const error = fetcher.data && !fetcher.data.ok && !fields ? fetcher.data.error : undefined;
  return (
    <section aria-labelledby="invite-heading" className="rounded-lg border border-slate-200 bg-white p-6">
      <h2 id="invite-heading" className="text-lg font-semibold text-slate-900">
        Invite a user
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        They receive an e-mail with a link to set their password. The link expires in 72 hours.
      </p>
      <form
        ref={formRef}
        method="post"
        className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_10rem_auto] sm:items-start"
        onSubmit={(e) => {
          e.preventDefault();
          setPending(new FormData(e.currentTarget));
        }}
      >
        <input type="hidden" name="intent" value="invite" />
        <Field label="E-mail" id="invite-email" required error={fields?.email}>
          <Input name="email" type="email" />
        </Field>
        <Field label="Name" id="invite-name" required error={fields?.name}>
          <Input name="name" />
        </Field>
        <Field label="Role" id="invite-role">
          <Select name="role" defaultValue="editor">
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r === "admin" ? "Admin" : "Editor"}
              </option>
            ))}
          </Select>
        </Field>
        <div className="sm:pt-6">
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Sending..." : "Send invitation"}
          </Button>
        </div>
      </form>
      {error ? (
        <div className="mt-4">
          <Alert variant="error">{error}</Alert>
        </div>
      ) : null}
      {pending ? (
        <InviteConfirm
          data={pending}
          onCancel={() => setPending(null)}
          onConfirm={() => {
            fetcher.submit(pending, { method: "post" });
            setPending(null);
          }}
        />
      ) : null}
    </section>
  );
}

function InviteConfirm({
  data: form,
  onCancel,
  onConfirm,
}: {
  data: FormData;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">Send the invitation?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">
            {String(form.get("name"))} ({String(form.get("email"))}) will be invited as{" "}
            {String(form.get("role")) === "admin" ? "an admin" : "an editor"}.
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button type="button" variant="secondary" onClick={onConfirm}>
                Send invitation
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

type AuditData = ReturnType<typeof useLoaderData<typeof loader>>["audit"];

function AuditLog({ audit }: { audit: AuditData }) {
  const [params] = useSearchParams();
  const pageLink = (page: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(page));
    return `?${next.toString()}`;
  };
  return (
    <section aria-labelledby="audit-heading" className="rounded-lg border border-slate-200 bg-white p-6">
      <h2 id="audit-heading" className="text-lg font-semibold text-slate-900">
        Audit log
      </h2>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" aria-label="Filter the audit log">
        {params.get("q") ? <input type="hidden" name="q" value={params.get("q") ?? ""} /> : null}
        <Field label="Person or target" id="audit-search">
          <Input name="aq" type="search" defaultValue={params.get("aq") ?? ""} />
        </Field>
        <Field label="Action" id="audit-action">
          <Select name="action" defaultValue={params.get("action") ?? ""}>
            <option value="">All actions</option>
            {audit.actions.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </Form>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Audit log entries, newest first</caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                Time (Arizona)
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Action
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                By
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Target
              </th>
              <th scope="col" className="py-2 font-medium">
                From
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {audit.rows.map((r) => (
              <tr key={r.id}>
                <td className="whitespace-nowrap py-2 pr-4 text-slate-700">{formatDateTime(r.createdAt)}</td>
                <td className="py-2 pr-4 font-medium text-slate-900">{r.label}</td>
                <td className="py-2 pr-4 text-slate-700">{r.actorEmail ?? "—"}</td>
                <td className="py-2 pr-4 text-slate-700">{r.target ?? "—"}</td>
                <td className="py-2 text-slate-700">
                  {r.ip ?? ""} {r.userAgent ? `· ${r.device}` : ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {audit.rows.length === 0 ? <p className="mt-3 text-sm text-slate-600">No entries match.</p> : null}
      </div>
      {audit.pages > 1 ? (
        <nav aria-label="Audit log pages" className="mt-4 flex items-center gap-4 text-sm">
          {audit.page > 1 ? (
            <Link to={pageLink(audit.page - 1)} className="font-medium text-brand-700 underline">
              Newer
            </Link>
          ) : null}
          <span className="text-slate-600">
            Page {audit.page} of {audit.pages}
          </span>
          {audit.page < audit.pages ? (
            <Link to={pageLink(audit.page + 1)} className="font-medium text-brand-700 underline">
              Older
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
