import { useEffect } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { ServiceError, type ActionResult } from "@common/result";
import { signInSchema } from "@common/users";
import {
  DISABLED_MESSAGE,
  getAuth,
  lockedMessage,
  SIGN_IN_FAILED_MESSAGE,
  ACCOUNT_LOCKED_CODE,
  CODE_ALREADY_USED,
} from "@server/auth/auth";
import { lockoutRule, recordFailedAttempt, reserveSignInAttempt } from "@server/auth/lockout";
import { getSession, safeRedirectPath } from "@server/auth/permissions";
import { checkAuthRate, errorCode, errorMessage, requestMetaOf } from "@server/auth/route-helpers";
import { writeAudit } from "@server/audit/audit";
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

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const form = await actionForm(args);
  const intent = String(form.get("intent") ?? "password");
  const redirectTo = safeRedirectPath(String(form.get("redirectTo") ?? ""));
  const meta = requestMetaOf(args);
  const { ip } = meta;
  const db = getDb();
  const auth = getAuth();
  const headers = new Headers();

  if (intent === "password") {
    const email = String(form.get("email") ?? "").trim();
    return runAction<TwoFactorStep>(
      async () => {
        await checkAuthRate(ip, "sign-in");
        const input = signInSchema.safeParse({ email, password: form.get("password") ?? "" });
        if (!input.success) throw new ServiceError("validation", input.error.issues[0]!.message);
        // The attempt is counted before the password is checked, so parallel guesses cannot pass the lockout.
        const reservation = await reserveSignInAttempt(db, input.data.email, lockoutRule());
        if (!reservation.allowed) {
          await writeAudit(db, { action: "sign_in.blocked", target: input.data.email.toLowerCase(), ...meta });
          throw new ServiceError("rate_limited", lockedMessage(), undefined, {
            retryAfterSeconds: reservation.retryAfterSeconds,
          });
        }
        try {
          const { headers: set, response } = await auth.api.signInEmail({
            body: { ...input.data, rememberMe: true },
            headers: request.headers,
            returnHeaders: true,
          });
          for (const cookie of set.getSetCookie()) headers.append("Set-Cookie", cookie);
          if ((response as { twoFactorRedirect?: boolean }).twoFactorRedirect) {
            return { ok: true, data: { step: "two-factor", method: "totp" } };
          }
        } catch (err) {
          const code = errorCode(err);
          if (code === ACCOUNT_LOCKED_CODE) throw new ServiceError("rate_limited", lockedMessage());
          if (await recordFailedAttempt(db, input.data.email, reservation, lockoutRule())) {
            await writeAudit(db, {
              action: "sign_in.locked",
              target: input.data.email.toLowerCase(),
              ...meta,
              details: { minutes: lockoutRule().minutes },
            });
          }
          const disabled = errorMessage(err, "") === DISABLED_MESSAGE;
          throw new ServiceError("unauthorized", disabled ? DISABLED_MESSAGE : SIGN_IN_FAILED_MESSAGE);
        }
        throw redirect(redirectTo, { headers });
      },
      { headers, values: { intent: "password", email } },
    );
  }

  // Second step: authenticator code or backup code, with the two-factor cookie from step one.
  const method = intent === "backup" ? "backup" : "totp";
  if (form.get("switch")) return data<ActionResult<TwoFactorStep>>({ ok: true, data: { step: "two-factor", method } });
  // better-auth cancels the pending sign-in after 5 wrong codes (or when it took too long):
  // then the answer sends the user back to the password step.
  let restart = false;
  return runAction<TwoFactorStep>(
    async () => {
      await checkAuthRate(ip, "two-factor");
      const code = String(form.get("code") ?? "").replace(/\s+/g, "");
      if (!code) throw new ServiceError("validation", "Please enter the code.");
      try {
        const { headers: set, response } =
          method === "totp"
            ? await auth.api.verifyTOTP({ body: { code }, headers: request.headers, returnHeaders: true })
            : await auth.api.verifyBackupCode({ body: { code }, headers: request.headers, returnHeaders: true });
        for (const cookie of set.getSetCookie()) headers.append("Set-Cookie", cookie);
        const user = (response as { user?: { id: string; email: string } }).user;
        if (user) {
          await writeAudit(getDb(), {
            action: "sign_in.success",
            actorId: user.id,
            actorEmail: user.email,
            target: user.email,
            ...requestMetaOf(args),
            details: { method: method === "totp" ? "password+totp" : "password+backup_code" },
          });
        }
      } catch (err) {
        const code = errorCode(err);
        const tooMany = code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE";
        restart = tooMany || code === "INVALID_TWO_FACTOR_COOKIE";
        throw new ServiceError(
          "unauthorized",
          tooMany
            ? "Too many wrong codes. For your security, please enter your e-mail and password again."
            : restart
              ? "Your sign-in took too long. Please enter your e-mail and password again."
              : code === CODE_ALREADY_USED
                ? "That code was already used. Wait for the next code in your authenticator app."
                : method === "totp"
                  ? "That code is not valid. Please try the current code."
                  : "That backup code is not valid or was already used.",
        );
      }
      throw redirect(redirectTo, { headers });
    },
    { headers, values: () => ({ intent: restart ? "password" : method }) },
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
