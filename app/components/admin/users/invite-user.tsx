import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { checkInput } from "@common/result";
import { ROLES } from "@common/roles";
import { inviteSchema, type InviteInput } from "@common/users";
import { ConfirmDialog } from "~/components/admin/confirm-action";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { useResultFeedback, type Outcome } from "~/components/ui/use-result-feedback";
import { apiAction } from "~/lib/queryClient";
import { usersKeys } from "~/lib/query-keys";

/** Invites a user: checked with the shared schema, confirmed in a dialog, then POST /api/admin/users. */
export function InviteUser() {
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [outcome, setOutcome] = useState<Outcome>();
  const [pending, setPending] = useState<InviteInput | null>(null);
  const invite = useMutation({
    mutationFn: (input: InviteInput) => apiAction<{ id: string }>("POST", usersKeys.all.join("/"), input),
    onSuccess: (result) => {
      setOutcome(result);
      formRef.current?.reset();
      return queryClient.invalidateQueries({ queryKey: usersKeys.all });
    },
    onError: setOutcome,
  });
  const { formError, fieldErrors } = useResultFeedback(outcome, { form: formRef });

  return (
    <section aria-labelledby="invite-heading" className="rounded-lg border border-border bg-card p-6">
      <h2 id="invite-heading" className="text-lg font-semibold text-foreground">
        Invite a user
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        They receive an e-mail with a link to set their password. The link expires in 72 hours.
      </p>
      <form
        ref={formRef}
        method="post"
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_10rem_auto] sm:items-start"
        onSubmit={(event) => {
          event.preventDefault();
          const checked = checkInput(inviteSchema, Object.fromEntries(new FormData(event.currentTarget)));
          if (checked.ok) setPending(checked.data);
          else setOutcome(checked);
        }}
      >
        <Field label="E-mail" id="invite-email" required error={fieldErrors.email}>
          <Input name="email" type="email" autoComplete="off" />
        </Field>
        <Field label="Name" id="invite-name" required error={fieldErrors.name}>
          <Input name="name" autoComplete="off" />
        </Field>
        <Field label="Role" id="invite-role" error={fieldErrors.role}>
          <Select name="role" defaultValue="editor">
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r === "admin" ? "Admin" : "Editor"}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" disabled={invite.isPending} className="sm:mt-6.5">
          {invite.isPending ? "Sending..." : "Send invitation"}
        </Button>
      </form>
      {formError && !Object.keys(fieldErrors).length ? (
        <Alert variant="error" className="mt-4">
          {formError}
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
          if (pending) invite.mutate(pending);
          setPending(null);
        }}
      />
    </section>
  );
}
