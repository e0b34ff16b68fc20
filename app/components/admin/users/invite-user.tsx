import { useRef, useState } from "react";
import { ROLES } from "@common/roles";
import { inviteSchema, type InviteInput } from "@common/users";
import { ConfirmDialog } from "~/components/admin/confirm-action";
import { useApiForm } from "~/components/admin/use-api-form";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { apiAction } from "~/lib/queryClient";
import { usersKeys } from "~/lib/query-keys";

/** Invites a user: checked with the shared schema, confirmed in a dialog, then POST /api/admin/users. */
export function InviteUser() {
  const [pending, setPending] = useState<InviteInput | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useApiForm(formRef, {
    schema: inviteSchema,
    send: (input: InviteInput) => apiAction<{ id: string }>("POST", "/api/admin/users", input),
    invalidate: usersKeys.all,
    confirm: setPending,
  });
  return (
    <Card
      title="Invite a user"
      description="They receive an e-mail with a link to set their password. The link expires in 72 hours."
    >
      <form
        ref={formRef}
        method="post"
        noValidate
        onSubmit={form.onSubmit}
        className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_10rem_auto] sm:items-start"
      >
        <Field label="E-mail" id="invite-email" required error={form.fieldErrors.email}>
          <Input name="email" type="email" autoComplete="off" />
        </Field>
        <Field label="Name" id="invite-name" required error={form.fieldErrors.name}>
          <Input name="name" autoComplete="off" />
        </Field>
        <Field label="Role" id="invite-role" error={form.fieldErrors.role}>
          <Select name="role" defaultValue="editor">
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r === "admin" ? "Admin" : "Editor"}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" disabled={form.pending} className="sm:mt-6.5">
          {form.pending ? "Sending..." : "Send invitation"}
        </Button>
      </form>
      {form.formError ? (
        <Alert variant="error" className="mt-4">
          {form.formError}
        </Alert>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Send the invitation?"
        description={
          pending
            ? `${pending.name} (${pending.email}) will be invited as ${pending.role === "admin" ? "an admin" : "an editor"}.`
            : ""
        }
        confirmLabel="Send invitation"
        onConfirm={() => {
          if (pending) form.send(pending);
          setPending(null);
        }}
      />
    </Card>
  );
}
