import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { checkInput } from "@common/result";
import { changePasswordSchema, PASSWORD_RULE, type ChangePasswordInput } from "@common/users";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useResultFeedback, type Outcome } from "~/components/ui/use-result-feedback";
import { apiAction } from "~/lib/queryClient";
import { securityKeys } from "~/lib/query-keys";

/** POST /api/admin/security/password: the current password, and the new one twice. */
export function ChangePassword() {
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [outcome, setOutcome] = useState<Outcome>();
  const change = useMutation({
    mutationFn: (input: ChangePasswordInput) => apiAction("POST", "/api/admin/security/password", input),
    onSuccess: (result) => {
      setOutcome(result);
      formRef.current?.reset();
      return queryClient.invalidateQueries({ queryKey: securityKeys.all });
    },
    onError: setOutcome,
  });
  const { formError, fieldErrors } = useResultFeedback(outcome, { form: formRef });
  return (
    <section aria-labelledby="password-heading" className="rounded-lg border border-border bg-card p-6">
      <h2 id="password-heading" className="text-lg font-semibold text-foreground">
        Change password
      </h2>
      <form
        ref={formRef}
        method="post"
        noValidate
        className="mt-4 grid max-w-md gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          const checked = checkInput(changePasswordSchema, Object.fromEntries(new FormData(event.currentTarget)));
          if (checked.ok) change.mutate(checked.data);
          else setOutcome(checked);
        }}
      >
        {formError && !Object.keys(fieldErrors).length ? <Alert variant="error">{formError}</Alert> : null}
        <Field label="Current password" id="current-password" required error={fieldErrors.currentPassword}>
          <Input name="currentPassword" type="password" autoComplete="current-password" />
        </Field>
        <Field label="New password" id="new-password" required hint={PASSWORD_RULE} error={fieldErrors.password}>
          <Input name="password" type="password" autoComplete="new-password" minLength={12} />
        </Field>
        <Field label="Repeat the new password" id="confirm-password" required error={fieldErrors.confirm}>
          <Input name="confirm" type="password" autoComplete="new-password" minLength={12} />
        </Field>
        <div>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? "Saving..." : "Change password"}
          </Button>
        </div>
      </form>
    </section>
  );
}
