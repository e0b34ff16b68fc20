import { Form, Link, useActionData, useNavigation } from "react-router";
import { parseInput } from "@common/result";
import { passwordResetRequestSchema } from "@common/users";
import { writeAudit } from "@server/audit/audit";
import { getAuth } from "@server/auth/auth";
import { checkAuthRate, requestMetaOf } from "@server/auth/route-helpers";
import { getDb } from "@server/db";
import { runAction } from "@server/http/action-result";
import { actionForm } from "@server/http/body";
import { log } from "@server/logger";
import { Alert } from "~/components/ui/alert";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Button } from "~/components/ui/button";
import { authRouteHeaders } from "~/lib/route-headers";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/password-reset";

export const headers: Route.HeadersFunction = authRouteHeaders;

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Reset your password", description: "Request a link to choose a new password.", noindex: true });

const SENT_MESSAGE =
  "If an account exists for that address, we have sent it a link to choose a new password. The link works once and expires in 1 hour.";

export async function action(args: Route.ActionArgs) {
  const form = await actionForm(args);
  const email = String(form.get("email") ?? "");
  return runAction(
    async () => {
      await checkAuthRate(requestMetaOf(args).ip, "password-reset");
      const input = parseInput(passwordResetRequestSchema, { email });
      try {
        await getAuth().api.requestPasswordReset({
          body: { email: input.email, redirectTo: "/admin/reset-password" },
          headers: args.request.headers,
        });
      } catch (err) {
        // Same answer either way; the failure goes to the log only.
        log.error("password reset request failed", { err });
      }
      await writeAudit(getDb(), { action: "password.reset_requested", target: input.email, ...requestMetaOf(args) });
      return { ok: true, message: SENT_MESSAGE };
    },
    { values: { email: email.slice(0, 254) } },
  );
}

export default function PasswordResetPage() {
  const result = useActionData<typeof action>();
  const failed = result && !result.ok ? result : undefined;
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Reset your password</h1>
      <p className="mt-2 text-sm text-slate-600">
        Enter the e-mail address of your staff account and we will send you a link to choose a new password.
      </p>
      {result?.ok ? (
        <div className="mt-6 grid gap-4">
          <Alert variant="success">{SENT_MESSAGE}</Alert>
          <Link to="/login" className="text-sm font-medium text-brand-700 underline underline-offset-2">
            Back to sign in
          </Link>
        </div>
      ) : (
        <Form method="post" className="mt-6 grid gap-4">
          {failed && !failed.fieldErrors ? <Alert variant="error">{failed.formError}</Alert> : null}
          <Field label="E-mail" required error={failed?.fieldErrors?.email}>
            <Input
              name="email"
              type="email"
              autoComplete="username"
              defaultValue={typeof failed?.values?.email === "string" ? failed.values.email : undefined}
              autoFocus
            />
          </Field>
          <Button type="submit" disabled={busy}>
            {busy ? "Sending..." : "Send reset link"}
          </Button>
          <Link to="/login" className="text-sm font-medium text-brand-700 underline underline-offset-2">
            Back to sign in
          </Link>
        </Form>
      )}
    </>
  );
}
