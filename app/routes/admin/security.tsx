import QRCode from "qrcode";
import { useEffect, useRef } from "react";
import { data, useFetcher, useLoaderData } from "react-router";
import { auditActionLabels, listAudit, writeAudit } from "@server/audit/audit";
import { getAuth } from "@server/auth/auth";
import { PASSWORD_RULE, passwordProblem } from "@server/auth/password-policy";
import { requirePermission } from "@server/auth/permissions";
import { actorOf, cookieHeaders, errorMessage, authRateLimited } from "@server/auth/route-helpers";
import { getDb } from "@server/db";
import { listOwnSessions, revokeOtherOwnSessions, revokeOwnSession } from "@server/users/users";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { Alert } from "~/components/ui/alert";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Button } from "~/components/ui/button";
import { authRouteHeaders } from "~/lib/route-headers";
import { useResultToast } from "~/components/admin/use-result-toast";
import { formatDateTime } from "~/lib/dates";
import { seo } from "~/lib/seo";
import { describeUserAgent } from "~/lib/user-agent";
import type { Route } from "./+types/security";

export const headers: Route.HeadersFunction = authRouteHeaders;

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Security · Admin",
    description: "Your password, two-factor authentication, sessions and recent activity.",
    noindex: true,
  });

export async function loader(args: Route.LoaderArgs) {
  const { user, session } = requirePermission(args, "own-account");
  const db = getDb();
  const sessions = await listOwnSessions(db, user.id);
  const activity = await listAudit(db, { subject: { id: user.id, email: user.email }, limit: 20 });
  return {
    twoFactorEnabled: Boolean(user.twoFactorEnabled),
    rule: PASSWORD_RULE,
    sessions: sessions.map((s) => ({
      id: s.id,
      device: describeUserAgent(s.userAgent),
      ip: s.ipAddress ?? "unknown",
      lastActive: s.updatedAt,
      current: s.id === session.id,
    })),
    activity: activity.rows.map((r) => ({
      id: r.id,
      at: r.createdAt,
      label: auditActionLabels[r.action] ?? r.action,
      ip: r.ip ?? "",
      device: describeUserAgent(r.userAgent),
    })),
  };
}

type Result =
  | { ok: true; intent: string; message: string; setup?: { qr: string; key: string }; backupCodes?: string[] }
  | { ok: false; intent: string; error: string };

export async function action(args: Route.ActionArgs) {
  const session = requirePermission(args, "own-account");
  const { request } = args;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const auth = getAuth();
  const db = getDb();
  const actor = actorOf(session, args);
  const fail = (error: string, status = 400) => data<Result>({ ok: false, intent, error }, { status });

  switch (intent) {
    case "change-password": {
      const currentPassword = String(form.get("currentPassword") ?? "");
      const newPassword = String(form.get("newPassword") ?? "");
      if (newPassword !== String(form.get("confirm") ?? "")) return fail("The two new passwords differ.");
      const problem = passwordProblem(newPassword);
      if (problem) return fail(problem);
      try {
        const { headers } = await auth.api.changePassword({
          body: { currentPassword, newPassword, revokeOtherSessions: true },
          headers: request.headers,
          returnHeaders: true,
        });
        await writeAudit(db, {
          action: "password.changed",
          target: actor.email,
          actorId: actor.id,
          actorEmail: actor.email,
          ip: actor.ip,
          userAgent: actor.userAgent,
        });
        return data<Result>(
          { ok: true, intent, message: "Password changed. Your other sessions were signed out." },
          { headers: cookieHeaders(headers) },
        );
      } catch (err) {
        const msg = errorMessage(err, "");
        return fail(
          /invalid password/i.test(msg)
            ? "The current password is not correct."
            : msg || "The password could not be changed.",
        );
      }
    }
    case "enable-2fa": {
      try {
        const res = await auth.api.enableTwoFactor({
          body: { password: String(form.get("password") ?? "") },
          headers: request.headers,
        });
        const uri = (res as { totpURI: string }).totpURI;
        const key = new URL(uri).searchParams.get("secret") ?? "";
        const qr = await QRCode.toDataURL(uri, { margin: 1, width: 200 });
        return data<Result>({
          ok: true,
          intent,
          message: "Scan the QR code, then enter a code to confirm.",
          setup: { qr, key },
        });
      } catch (err) {
        const msg = errorMessage(err, "");
        return fail(
          /invalid password/i.test(msg)
            ? "The password is not correct."
            : msg || "Two-factor authentication could not be started.",
        );
      }
    }
    case "confirm-2fa": {
      const limited = authRateLimited(args, "two-factor");
      if (limited)
        return data<Result>({ ok: false, intent, error: limited.message }, { status: 429, headers: limited.headers });
      try {
        const { headers } = await auth.api.verifyTOTP({
          body: { code: String(form.get("code") ?? "").replace(/\s+/g, "") },
          headers: request.headers,
          returnHeaders: true,
        });
        const codes = await auth.api.viewBackupCodes({ body: { userId: actor.id } });
        await writeAudit(db, {
          action: "two_factor.enabled",
          target: actor.email,
          actorId: actor.id,
          actorEmail: actor.email,
          ip: actor.ip,
          userAgent: actor.userAgent,
        });
        return data<Result>(
          {
            ok: true,
            intent,
            message: "Two-factor authentication is on.",
            backupCodes: (codes as { backupCodes: string[] }).backupCodes,
          },
          { headers: cookieHeaders(headers) },
        );
      } catch {
        return fail("That code is not valid. Enter the current code from your authenticator app.");
      }
    }
    case "disable-2fa": {
      try {
        const { headers } = await auth.api.disableTwoFactor({
          body: { password: String(form.get("password") ?? "") },
          headers: request.headers,
          returnHeaders: true,
        });
        await writeAudit(db, {
          action: "two_factor.disabled",
          target: actor.email,
          actorId: actor.id,
          actorEmail: actor.email,
          ip: actor.ip,
          userAgent: actor.userAgent,
        });
        return data<Result>(
          { ok: true, intent, message: "Two-factor authentication is off." },
          { headers: cookieHeaders(headers) },
        );
      } catch (err) {
        const msg = errorMessage(err, "");
        return fail(
          /invalid password/i.test(msg)
            ? "The password is not correct."
            : msg || "Two-factor authentication could not be turned off.",
        );
      }
    }
    case "revoke-session": {
      const id = String(form.get("sessionId") ?? "");
      if (id === session.session.id) return fail("Use Sign out to end this session.");
      const done = await revokeOwnSession(db, actor, id);
      return done
        ? data<Result>({ ok: true, intent, message: "Session signed out." })
        : fail("That session no longer exists.", 404);
    }
    case "revoke-others": {
      const n = await revokeOtherOwnSessions(db, actor, session.session.id);
      return data<Result>({
        ok: true,
        intent,
        message: n === 1 ? "1 other session signed out." : `${n} other sessions signed out.`,
      });
    }
    default:
      return fail("Unknown action.");
  }
}

const when = (iso: string) => `${formatDateTime(iso)} (Arizona time)`;

export default function SecurityPage() {
  const { twoFactorEnabled, rule, sessions, activity } = useLoaderData<typeof loader>();
  return (
    <div className="grid max-w-3xl gap-8">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Security</h1>
        <p className="mt-2 text-slate-600">Your password, two-factor authentication, sessions and recent activity.</p>
      </div>
      <ChangePassword rule={rule} />
      <TwoFactor enabled={twoFactorEnabled} />
      <Sessions sessions={sessions} />
      <section aria-labelledby="activity-heading" className="rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="activity-heading" className="text-lg font-semibold text-slate-900">
          Recent activity
        </h2>
        {activity.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">No activity recorded yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100 text-sm">
            {activity.map((a) => (
              <li key={a.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span className="font-medium text-slate-900">{a.label}</span>
                <span className="text-slate-600">
                  {when(a.at)} · {a.device}
                  {a.ip ? ` · ${a.ip}` : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function ChangePassword({ rule }: { rule: string }) {
  const fetcher = useFetcher<Result>();
  const formRef = useRef<HTMLFormElement>(null);
  useResultToast(fetcher.data);
  useEffect(() => {
    if (fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.data]);
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : undefined;
  return (
    <section aria-labelledby="password-heading" className="rounded-lg border border-slate-200 bg-white p-6">
      <h2 id="password-heading" className="text-lg font-semibold text-slate-900">
        Change password
      </h2>
      <fetcher.Form method="post" ref={formRef} className="mt-4 grid max-w-md gap-4">
        <input type="hidden" name="intent" value="change-password" />
        {error ? <Alert variant="error">{error}</Alert> : null}
        <Field label="Current password" id="current-password" required>
          <Input name="currentPassword" type="password" autoComplete="current-password" />
        </Field>
        <Field label="New password" id="new-password" required hint={rule}>
          <Input name="newPassword" type="password" autoComplete="new-password" minLength={12} />
        </Field>
        <Field label="Repeat the new password" id="confirm-password" required>
          <Input name="confirm" type="password" autoComplete="new-password" minLength={12} />
        </Field>
        <div>
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Saving..." : "Change password"}
          </Button>
        </div>
      </fetcher.Form>
    </section>
  );
}

function TwoFactor({ enabled }: { enabled: boolean }) {
  const start = useFetcher<Result>();
  const confirm = useFetcher<Result>();
  const disable = useFetcher<Result>();
  useResultToast(confirm.data);
  useResultToast(disable.data);
  const setup = start.data?.ok ? start.data.setup : undefined;
  const backupCodes = confirm.data?.ok ? confirm.data.backupCodes : undefined;
  const startError = start.data && !start.data.ok ? start.data.error : undefined;
  const confirmError = confirm.data && !confirm.data.ok ? confirm.data.error : undefined;
  const disableError = disable.data && !disable.data.ok ? disable.data.error : undefined;

  return (
    <section aria-labelledby="twofactor-heading" className="rounded-lg border border-slate-200 bg-white p-6">
      <h2 id="twofactor-heading" className="text-lg font-semibold text-slate-900">
        Two-factor authentication
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Status: <strong>{enabled ? "On" : "Off"}</strong>. With it on, signing in also asks for a code from an
        authenticator app.
      </p>

      {backupCodes ? (
        <div className="mt-4 grid gap-3">
          <Alert variant="success">
            Two-factor authentication is on. Save these backup codes now: they are shown only once, and each works once.
          </Alert>
          <ul
            aria-label="Backup codes"
            className="grid grid-cols-2 gap-2 rounded-md bg-slate-50 p-4 font-mono text-sm text-slate-900 sm:grid-cols-5"
          >
            {backupCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </div>
      ) : enabled ? (
        <disable.Form method="post" className="mt-4 grid max-w-md gap-4">
          <input type="hidden" name="intent" value="disable-2fa" />
          {disableError ? <Alert variant="error">{disableError}</Alert> : null}
          <Field
            label="Password"
            id="disable-2fa-password"
            required
            hint="Enter your password to turn two-factor authentication off."
          >
            <Input name="password" type="password" autoComplete="current-password" />
          </Field>
          <div>
            <Button type="submit" variant="destructive" disabled={disable.state !== "idle"}>
              Turn off two-factor authentication
            </Button>
          </div>
        </disable.Form>
      ) : setup ? (
        <div className="mt-4 grid gap-4">
          <p className="text-sm text-slate-700">
            Scan this QR code with your authenticator app, or type the key in manually. Then enter the 6-digit code it
            shows.
          </p>
          <img
            src={setup.qr}
            alt="QR code for your authenticator app"
            width={200}
            height={200}
            className="rounded border border-slate-200"
          />
          <p className="text-sm text-slate-700">
            Manual key:{" "}
            <code
              className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-900"
              data-testid="totp-key"
            >
              {setup.key}
            </code>
          </p>
          <confirm.Form method="post" className="grid max-w-md gap-4">
            <input type="hidden" name="intent" value="confirm-2fa" />
            {confirmError ? <Alert variant="error">{confirmError}</Alert> : null}
            <Field label="Code from the app" id="confirm-2fa-code" required>
              <Input name="code" inputMode="numeric" autoComplete="one-time-code" />
            </Field>
            <div>
              <Button type="submit" disabled={confirm.state !== "idle"}>
                Confirm and turn on
              </Button>
            </div>
          </confirm.Form>
        </div>
      ) : (
        <start.Form method="post" className="mt-4 grid max-w-md gap-4">
          <input type="hidden" name="intent" value="enable-2fa" />
          {startError ? <Alert variant="error">{startError}</Alert> : null}
          <Field
            label="Password"
            id="enable-2fa-password"
            required
            hint="Enter your password to set up two-factor authentication."
          >
            <Input name="password" type="password" autoComplete="current-password" />
          </Field>
          <div>
            <Button type="submit" disabled={start.state !== "idle"}>
              Set up two-factor authentication
            </Button>
          </div>
        </start.Form>
      )}
    </section>
  );
}

type SessionRow = { id: string; device: string; ip: string; lastActive: string; current: boolean };

function Sessions({ sessions }: { sessions: SessionRow[] }) {
  const fetcher = useFetcher<Result>();
  useResultToast(fetcher.data);
  const others = sessions.filter((s) => !s.current).length;
  return (
    <section aria-labelledby="sessions-heading" className="rounded-lg border border-slate-200 bg-white p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="sessions-heading" className="text-lg font-semibold text-slate-900">
          Active sessions
        </h2>
        {others > 0 ? (
          <ConfirmAction
            trigger="Sign out everywhere else"
            title="Sign out everywhere else?"
            description={`This ends ${others === 1 ? "1 other session" : `${others} other sessions`}. This one stays signed in.`}
            confirmLabel="Sign out other sessions"
            destructive
            onConfirm={() => fetcher.submit({ intent: "revoke-others" }, { method: "post" })}
          />
        ) : null}
      </div>
      <ul className="mt-3 divide-y divide-slate-100">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
            <div>
              <p className="font-medium text-slate-900">
                {s.device}
                {s.current ? (
                  <span className="ml-2 rounded bg-accent-100 px-2 py-0.5 text-xs font-semibold text-accent-700">
                    This device
                  </span>
                ) : null}
              </p>
              <p className="text-slate-600">
                IP {s.ip} · last active {when(s.lastActive)}
              </p>
            </div>
            {s.current ? null : (
              <ConfirmAction
                trigger="Revoke"
                triggerLabel={`Revoke session: ${s.device}, IP ${s.ip}`}
                title="Revoke this session?"
                description={`${s.device} (IP ${s.ip}) will be signed out at once.`}
                confirmLabel="Revoke session"
                destructive
                onConfirm={() => fetcher.submit({ intent: "revoke-session", sessionId: s.id }, { method: "post" })}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
