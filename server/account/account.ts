import { parseInput, ServiceError } from "@common/result";
import { changePasswordSchema, passwordConfirmationSchema, totpCodeSchema } from "@common/users";
import { auditActionLabels, listAudit, writeAudit, type AuditEntry } from "../audit/audit";
import { getAuth, type AuthSession } from "../auth/auth";
import { passwordProblem } from "../auth/password-policy";
import { errorMessage } from "../auth/route-helpers";
import { countedPasswordCheck, type PasswordCheckDuring } from "../auth/session-password";
import type { DB } from "../db";
import { describeUserAgent } from "../http/user-agent";
import type { Actor } from "../auth/actor";
import { loadOnFirstUse } from "../load-on-first-use";

/** The QR code drawer, loaded when someone sets up 2FA (decision 0056). */
const loadQrCode = loadOnFirstUse(() => import("qrcode").then((m) => m.default));

/**
 * The signed-in user's own account (the Security page, /api/admin/security): password,
 * two-factor authentication, sessions and recent activity. Each change writes its audit
 * row here, beside the change. Password and 2FA changes go through better-auth with the
 * request's own cookies; the cookies it sets come back for the response.
 */
export interface AccountContext {
  db: DB;
  session: AuthSession;
  actor: Actor;
  /** The request's headers (better-auth reads the session from them). */
  headers: Headers;
}

/** Set-Cookie values to pass on to the browser (better-auth refreshes the session cookie). */
export type Cookies = string[];

export interface OwnSession {
  id: string;
  device: string;
  ip: string;
  lastActive: string;
  current: boolean;
}

export interface AccountOverview {
  twoFactorEnabled: boolean;
  sessions: OwnSession[];
  activity: Array<{ id: string; at: string; label: string; ip: string; device: string }>;
}

function audit(ctx: AccountContext, action: string, details?: AuditEntry["details"]) {
  const { actor } = ctx;
  return writeAudit(ctx.db, {
    action,
    target: actor.email,
    actorId: actor.id,
    actorEmail: actor.email,
    ip: actor.ip,
    userAgent: actor.userAgent,
    details,
  });
}

const isWrongPassword = (err: unknown) => /invalid password/i.test(errorMessage(err, ""));

/**
 * A current-password check of the Security page, counted per account (the 5th wrong one in a
 * row ends the session: a 401 ServiceError); the address's budget is checked by the API.
 */
function counted<T>(ctx: AccountContext, during: PasswordCheckDuring, check: () => Promise<T>): Promise<T> {
  return countedPasswordCheck(ctx.db, ctx.session, ctx.actor, during, check, isWrongPassword);
}

/** A wrong current password on the Security page: audited like a failed sign-in. */
function auditWrongPassword(
  ctx: AccountContext,
  during: "password_change" | "two_factor_setup" | "two_factor_disable",
) {
  return audit(ctx, "password.check_failed", { during });
}

export async function getAccountOverview(ctx: AccountContext): Promise<AccountOverview> {
  const { db, session } = ctx;
  const sessions = await listOwnSessions(db, session.user.id);
  const activity = await listAudit(db, { subject: { id: session.user.id, email: session.user.email }, limit: 20 });
  return {
    twoFactorEnabled: Boolean(session.user.twoFactorEnabled),
    sessions: sessions.map((s) => ({
      id: s.id,
      device: describeUserAgent(s.userAgent),
      ip: s.ipAddress ?? "unknown",
      lastActive: s.updatedAt,
      current: s.id === session.session.id,
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

/** `{ currentPassword, password, confirm }`: the new password for this account; other sessions end. */
export async function changePassword(ctx: AccountContext, raw: unknown): Promise<Cookies> {
  const input = parseInput(changePasswordSchema, raw);
  const problem = passwordProblem(input.password);
  if (problem) throw new ServiceError("validation", problem, { password: problem });
  try {
    const { headers } = await counted(ctx, "password_change", () =>
      getAuth().api.changePassword({
        body: { currentPassword: input.currentPassword, newPassword: input.password, revokeOtherSessions: true },
        headers: ctx.headers,
        returnHeaders: true,
      }),
    );
    await audit(ctx, "password.changed");
    return headers.getSetCookie();
  } catch (err) {
    if (err instanceof ServiceError) throw err;
    if (isWrongPassword(err)) {
      await auditWrongPassword(ctx, "password_change");
      const message = "The current password is not correct.";
      throw new ServiceError("validation", message, { currentPassword: message });
    }
    throw new ServiceError("bad_request", errorMessage(err, "The password could not be changed."));
  }
}

/** `{ password }`: starts 2FA set-up; the QR code and key for the authenticator app. */
export async function startTwoFactorSetup(ctx: AccountContext, raw: unknown): Promise<{ qr: string; key: string }> {
  const { password } = parseInput(passwordConfirmationSchema, raw);
  let uri: string;
  try {
    const res = await counted(ctx, "two_factor_setup", () =>
      getAuth().api.enableTwoFactor({ body: { password }, headers: ctx.headers }),
    );
    uri = (res as { totpURI: string }).totpURI;
  } catch (err) {
    if (err instanceof ServiceError) throw err;
    if (isWrongPassword(err)) {
      await auditWrongPassword(ctx, "two_factor_setup");
      const message = "The password is not correct.";
      throw new ServiceError("validation", message, { password: message });
    }
    throw new ServiceError("bad_request", errorMessage(err, "Two-factor authentication could not be started."));
  }
  const key = new URL(uri).searchParams.get("secret") ?? "";
  const qr = await (await loadQrCode()).toDataURL(uri, { margin: 1, width: 200 });
  return { qr, key };
}

/** `{ code }`: the first code from the app turns 2FA on; the backup codes, shown once. */
export async function confirmTwoFactor(
  ctx: AccountContext,
  raw: unknown,
): Promise<{ backupCodes: string[]; cookies: Cookies }> {
  const { code } = parseInput(totpCodeSchema, raw);
  const auth = getAuth();
  let cookies: Cookies;
  try {
    const { headers } = await auth.api.verifyTOTP({ body: { code }, headers: ctx.headers, returnHeaders: true });
    cookies = headers.getSetCookie();
  } catch {
    const message = "That code is not valid. Enter the current code from your authenticator app.";
    throw new ServiceError("validation", message, { code: message });
  }
  const codes = await auth.api.viewBackupCodes({ body: { userId: ctx.actor.id } });
  await audit(ctx, "two_factor.enabled");
  return { backupCodes: (codes as { backupCodes: string[] }).backupCodes, cookies };
}

/** `{ password }`: turns 2FA off. */
export async function disableTwoFactor(ctx: AccountContext, raw: unknown): Promise<Cookies> {
  const { password } = parseInput(passwordConfirmationSchema, raw);
  try {
    const { headers } = await counted(ctx, "two_factor_disable", () =>
      getAuth().api.disableTwoFactor({ body: { password }, headers: ctx.headers, returnHeaders: true }),
    );
    await audit(ctx, "two_factor.disabled");
    return headers.getSetCookie();
  } catch (err) {
    if (err instanceof ServiceError) throw err;
    if (isWrongPassword(err)) {
      await auditWrongPassword(ctx, "two_factor_disable");
      const message = "The password is not correct.";
      throw new ServiceError("validation", message, { password: message });
    }
    throw new ServiceError("bad_request", errorMessage(err, "Two-factor authentication could not be turned off."));
  }
}

/** The user's own sessions that have not expired, most recently active first. */
export async function listOwnSessions(db: DB, userId: string) {
  const rows = await db
    .selectFrom("session")
    .select(["id", "ipAddress", "userAgent", "createdAt", "updatedAt", "expiresAt"])
    .where("userId", "=", userId)
    .orderBy("updatedAt", "desc")
    .execute();
  return rows.filter((r) => new Date(r.expiresAt).getTime() > Date.now());
}

/** Signs out one other session of this user (never someone else's; never this one). */
export async function revokeSession(ctx: AccountContext, sessionId: string): Promise<void> {
  if (sessionId === ctx.session.session.id) throw new ServiceError("bad_request", "Use Sign out to end this session.");
  const res = await ctx.db
    .deleteFrom("session")
    .where("id", "=", sessionId)
    .where("userId", "=", ctx.actor.id)
    .executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw new ServiceError("not_found", "That session no longer exists.");
  await audit(ctx, "session.revoked", { sessionId });
}

/** Signs out every other session of this user; how many there were. */
export async function revokeOtherSessions(ctx: AccountContext): Promise<number> {
  const res = await ctx.db
    .deleteFrom("session")
    .where("userId", "=", ctx.actor.id)
    .where("id", "!=", ctx.session.session.id)
    .executeTakeFirst();
  const count = Number(res.numDeletedRows);
  await audit(ctx, "session.revoked_others", { count });
  return count;
}
