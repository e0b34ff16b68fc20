import { useEffect } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import type { ActionResult } from "@common/result";
import { getSession, safeRedirectPath } from "@server/auth/permissions";
import { requestMetaOf } from "@server/auth/route-helpers";
import { SecondFactorError, signInWithPassword, verifySecondFactor } from "@server/auth/sign-in";
import { getDb } from "@server/db";
import { runAction } from "@server/http/action-result";
import { actionForm } from "@server/http/body";
import { Alert } from "~/components/ui/alert";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Button } from "~/components/ui/button";
import { toast } from "~/enhance/toast-store";
import { authRouteHeaders } from "~/lib/route-headers";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/login";

export const headers: Route.HeadersFunction = authRouteHeaders;

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Sign in", description: "Staff sign-in for the Meritum admin area.", noindex: true });

export function loader(args: Route.LoaderArgs) {
  if (getSession(args)) {
    const url = new URL(args.request.url);
    throw redirect(safeRedirectPath(url.searchParams.get("redirectTo")));
  }
  return null;
}

type TwoFactorStep = { step: "two-factor"; method: "totp" | "backup" };

/** Reads the form and answers; the checks, lockout, audit and better-auth calls are server/auth/sign-in.ts. */
export async function action(args: Route.ActionArgs) {
  const form = await actionForm(args);
  const intent = String(form.get("intent") ?? "password");
  const redirectTo = safeRedirectPath(String(form.get("redirectTo") ?? ""));
  const request = { headers: args.request.headers, ...requestMetaOf(args) };
  const headers = new Headers();

  if (intent === "password") {
    const email = String(form.get("email") ?? "").trim();
    return runAction<TwoFactorStep>(
      async () => {
        const { twoFactor } = await signInWithPassword(
          getDb(),
          { email, password: form.get("password") },
          request,
          headers,
        );
        if (twoFactor) return { ok: true, data: { step: "two-factor", method: "totp" } };
        throw redirect(redirectTo, { headers });
      },
      { headers, values: { intent: "password", email } },
    );
  }

  const method = intent === "backup" ? "backup" : "totp";
  if (form.get("switch")) return data<ActionResult<TwoFactorStep>>({ ok: true, data: { step: "two-factor", method } });
  return runAction<TwoFactorStep>(
    async () => {
      await verifySecondFactor(getDb(), method, String(form.get("code") ?? ""), request, headers);
      throw redirect(redirectTo, { headers });
    },
    // A cancelled sign-in goes back to the password step.
    { headers, values: (err) => ({ intent: err instanceof SecondFactorError && err.restart ? "password" : method }) },
  );
}

export default function LoginPage() {
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const redirectTo = params.get("redirectTo") ?? "";
  const notice = params.get("notice");
  const failed = result && !result.ok ? result : undefined;
  const shownIntent = result?.ok ? result.data?.method : failed?.values?.intent;
  const step = shownIntent === "totp" || shownIntent === "backup" ? "two-factor" : "password";
  const backup = shownIntent === "backup";
  const email = typeof failed?.values?.email === "string" ? failed.values.email : undefined;

  useEffect(() => {
    if (notice === "password-reset")
      toast({ title: "Password changed", description: "Sign in with your new password." });
    if (notice === "invite-accepted") toast({ title: "Password set", description: "Sign in to the admin area." });
    if (notice === "signed-out") toast({ title: "Signed out" });
  }, [notice]);

  if (step === "two-factor") {
    return (
      <>
        <h1 className="text-2xl font-bold text-slate-900">Two-factor authentication</h1>
        <p className="mt-2 text-sm text-slate-600">
          {backup
            ? "Enter one of your backup codes. Each code works once."
            : "Enter the 6-digit code from your authenticator app."}
        </p>
        <Form method="post" className="mt-6 grid gap-4" key={backup ? "backup" : "totp"}>
          <input type="hidden" name="intent" value={backup ? "backup" : "totp"} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {failed ? <Alert variant="error">{failed.formError}</Alert> : null}
          <Field label={backup ? "Backup code" : "Authentication code"} required>
            <Input name="code" autoComplete="one-time-code" inputMode={backup ? "text" : "numeric"} autoFocus />
          </Field>
          <Button type="submit" disabled={busy}>
            {busy ? "Checking..." : "Verify"}
          </Button>
        </Form>
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value={backup ? "totp" : "backup"} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <input type="hidden" name="switch" value="1" />
          <SwitchMethod backup={backup} />
        </Form>
      </>
    );
  }

  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Sign in</h1>
      <p className="mt-2 text-sm text-slate-600">Staff sign-in for the Meritum admin area.</p>
      <Form method="post" className="mt-6 grid gap-4">
        <input type="hidden" name="intent" value="password" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {notice === "password-reset" ? (
          <Alert variant="success">Your password was changed. Sign in with your new password.</Alert>
        ) : null}
        {notice === "invite-accepted" ? (
          <Alert variant="success">Your password is set. You can sign in now.</Alert>
        ) : null}
        {failed ? <Alert variant="error">{failed.formError}</Alert> : null}
        <Field label="E-mail" required>
          <Input name="email" type="email" autoComplete="username" defaultValue={email} autoFocus={!email} />
        </Field>
        <Field label="Password" required>
          <Input name="password" type="password" autoComplete="current-password" autoFocus={!!email} />
        </Field>
        <Button type="submit" disabled={busy}>
          {busy ? "Signing in..." : "Sign in"}
        </Button>
      </Form>
      <p className="mt-6 text-sm">
        <Link
          to="/admin/password-reset"
          className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
        >
          Forgot password?
        </Link>
      </p>
    </>
  );
}

/** Switches between the authenticator code and a backup code without leaving step two. */
function SwitchMethod({ backup }: { backup: boolean }) {
  return (
    <button
      type="submit"
      className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
    >
      {backup ? "Use the authenticator app instead" : "Use a backup code instead"}
    </button>
  );
}
