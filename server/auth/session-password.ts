import { ServiceError } from "@common/result";
import { writeAudit } from "../audit/audit";
import type { DB } from "../db";
import type { Actor } from "./actor";
import type { AuthSession } from "./auth";
import { clearFailures, lockoutRule, recordFailedAttempt, reserveSignInAttempt } from "./lockout";

/**
 * Password checks inside a signed-in session (re-authentication, password change, turning 2FA
 * on or off) are counted per account, like sign-in: with a stolen session, the password cannot
 * be guessed from many addresses for the session's life. Each check is reserved before the
 * password is compared (server/auth/lockout.ts, under a key of its own per user); a right
 * password clears the count, and so does signing in. The 5th wrong one in a row (within the
 * lockout minutes) ends the session, audited; while the count stands at 5, any session of the
 * account that tries again is ended without a check.
 */
export const SESSION_PASSWORD_FAILURES = 5;

export const SIGNED_OUT_AFTER_FAILURES =
  "That was the 5th wrong password in a row, so for your security you have been signed out. Sign in again to continue.";

/** The count's key in sign_in_lockouts (beside the e-mail addresses sign-in counts). */
export const sessionPasswordKey = (userId: string) => `session-password:${userId}`;

export type PasswordCheckDuring = "reauthenticate" | "password_change" | "two_factor_setup" | "two_factor_disable";

const rule = () => ({ threshold: SESSION_PASSWORD_FAILURES, minutes: lockoutRule().minutes });

async function endSession(db: DB, session: AuthSession, actor: Actor, during: PasswordCheckDuring, blocked: boolean) {
  await db.deleteFrom("session").where("id", "=", session.session.id).execute();
  await writeAudit(db, {
    action: "session.ended_password_failures",
    actorId: actor.id,
    actorEmail: actor.email,
    target: actor.email,
    ip: actor.ip,
    userAgent: actor.userAgent,
    details: { during, failures: SESSION_PASSWORD_FAILURES, ...(blocked ? { blocked: true } : {}) },
  });
  return new ServiceError("unauthorized", SIGNED_OUT_AFTER_FAILURES);
}

/**
 * Runs `check` (which compares the session user's password: it resolves when the password was
 * right and throws an error `isWrong` recognises when not) under the per-account count. A
 * wrong password comes back as `check`'s own error, until the threshold: then the session is
 * ended and the error is a 401 saying so.
 */
export async function countedPasswordCheck<T>(
  db: DB,
  session: AuthSession,
  actor: Actor,
  during: PasswordCheckDuring,
  check: () => Promise<T>,
  isWrong: (err: unknown) => boolean,
): Promise<T> {
  const key = sessionPasswordKey(session.user.id);
  const reservation = await reserveSignInAttempt(db, key, rule());
  if (!reservation.allowed) throw await endSession(db, session, actor, during, true);
  let value: T;
  try {
    value = await check();
  } catch (err) {
    if (isWrong(err) && (await recordFailedAttempt(db, key, reservation, rule())))
      throw await endSession(db, session, actor, during, false);
    throw err;
  }
  await clearFailures(db, key);
  return value;
}
