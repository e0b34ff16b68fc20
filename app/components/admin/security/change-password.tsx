import { useRef } from "react";
import { changePasswordSchema, PASSWORD_RULE, type ChangePasswordInput } from "@common/users";
import { useApiForm } from "~/components/admin/use-api-form";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { apiAction } from "~/lib/queryClient";
import { securityKeys } from "~/lib/query-keys";

/** POST /api/admin/security/password: the current password, and the new one twice. */
export function ChangePassword() {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useApiForm(formRef, {
    schema: changePasswordSchema,
    send: (input: ChangePasswordInput) => apiAction("POST", "/api/admin/security/password", input),
    invalidate: securityKeys.all,
  });
  return (
    <Card title="Change password">
      <form ref={formRef} method="post" noValidate onSubmit={form.onSubmit} className="mt-4 grid max-w-md gap-4">
        {form.formError ? <Alert variant="error">{form.formError}</Alert> : null}
        <Field label="Current password" id="current-password" required error={form.fieldErrors.currentPassword}>
          <Input name="currentPassword" type="password" autoComplete="current-password" />
        </Field>
        <Field label="New password" id="new-password" required hint={PASSWORD_RULE} error={form.fieldErrors.password}>
          <Input name="password" type="password" autoComplete="new-password" minLength={12} />
        </Field>
        <Field label="Repeat the new password" id="confirm-password" required error={form.fieldErrors.confirm}>
          <Input name="confirm" type="password" autoComplete="new-password" minLength={12} />
        </Field>
        <div>
          <Button type="submit" disabled={form.pending}>
            {form.pending ? "Saving..." : "Change password"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
