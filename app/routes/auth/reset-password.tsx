import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { parseInput, ServiceError } from "@common/result";
import { PASSWORD_RULE, tokenPasswordSchema } from "@common/users";
import { writeAudit } from "@server/audit/audit";
import { getAuth } from "@server/auth/auth";
import { clearFailures } from "@server/auth/lockout";
import { passwordProblem } from "@server/auth/password-policy";
import { errorCode, errorMessage, requestMetaOf } from "@server/auth/route-helpers";
import { getDb } from "@server/db";
import { runAction } from "@server/http/action-result";
import { actionForm } from "@server/http/body";
import { Alert } from "~/components/ui/alert";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Button } from "~/components/ui/button";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Choose a new password",
    description: "Set a new password for your staff account.",
    noindex: true,
  });

async function tokenUserId(token: string): Promise<string | null> {
  if (!token) return null;
  const ctx = await getAuth().$context;
  const v = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!v || new Date(v.expiresAt).getTime() < Date.now()) return null;
  return v.value;
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, valid: !!(await tokenUserId(token)) };
}

const LINK_UNUSABLE = "This password reset link is invalid, was already used, or has expired.";

export async function action(args: Route.ActionArgs) {
  const form = await actionForm(args);
  return runAction(async () => {
    const { token, password } = parseInput(tokenPasswordSchema, Object.fromEntries(form));
    const problem = passwordProblem(password);
    if (problem) throw new ServiceError("validation", problem, { password: problem });
    const userId = await tokenUserId(token);
    try {
      await getAuth().api.resetPassword({ body: { token, newPassword: password }, headers: args.request.headers });
    } catch (err) {
      if (errorCode(err) === "INVALID_TOKEN" || !userId) throw new ServiceError("bad_request", LINK_UNUSABLE);
      throw new ServiceError("bad_request", errorMessage(err, "The password could not be changed. Please try again."));
    }
    const db = getDb();
    const user = userId
      ? await db.selectFrom("user").select(["id", "email"]).where("id", "=", userId).executeTakeFirst()
      : undefined;
    // better-auth revokes the user's sessions on reset (revokeSessionsOnPasswordReset). Other
    // reset links of this user stop working too, and the sign-in lockout is lifted, as its
    // message ("wait, or reset your password") promises.
    if (user) {
      await db
        .deleteFrom("verification")
        .where("identifier", "like", "reset-password:%")
        .where("value", "=", user.id)
        .execute();
      await clearFailures(db, user.email);
    }
    await writeAudit(db, {
      action: "password.reset",
      actorId: user?.id,
      actorEmail: user?.email,
      target: user?.email,
      ...requestMetaOf(args),
    });
    throw redirect("/login?notice=password-reset");
  });
}

export default function ResetPasswordPage() {
  const { token, valid } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failed = result && !result.ok ? result : undefined;
  const busy = useNavigation().state !== "idle";
  if (!valid || failed?.formError === LINK_UNUSABLE) {
    return (
      <>
        <h1 className="text-2xl font-bold text-slate-900">This link does not work</h1>
        <div className="mt-4">
          <Alert variant="error">
            This password reset link is invalid, was already used, or has expired (links are valid for 1 hour).
          </Alert>
        </div>
        <p className="mt-6 text-sm">
          <Link to="/admin/password-reset" className="font-medium text-brand-700 underline underline-offset-2">
            Request a new link
          </Link>
        </p>
      </>
    );
  }
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Choose a new password</h1>
      <p className="mt-2 text-sm text-slate-600">After the change, every session of your account is signed out.</p>
      <Form method="post" className="mt-6 grid gap-4">
        <input type="hidden" name="token" value={token} />
        {failed ? <Alert variant="error">{failed.formError}</Alert> : null}
        <Field label="New password" required hint={PASSWORD_RULE} error={failed?.fieldErrors?.password}>
          <Input name="password" type="password" autoComplete="new-password" minLength={12} autoFocus />
        </Field>
        <Field label="Repeat the new password" required error={failed?.fieldErrors?.confirm}>
          <Input name="confirm" type="password" autoComplete="new-password" minLength={12} />
        </Field>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Set new password"}
        </Button>
      </Form>
    </>
  );
}
