import { getConfig } from "../config";
import type { DB } from "../db";
import { isPostgres, nowIso } from "../db/dialect";

/**
 * Per-account lockout: failed sign-ins counted per e-mail address, whether or not an account
 * exists for it, so that being locked reveals nothing about the address.
 *
 * Each attempt is reserved before its password is checked (`reserveSignInAttempt`), in a
 * transaction that holds the address's row: concurrent attempts, on any instance, each take
 * their own number, and once `threshold` attempts are outstanding or failed, further ones
 * are refused without a password check. A failure that reaches the threshold sets the lock;
 * a success clears the count. A count left behind by a crash expires after the lock time.
 */
export interface LockoutRule {
  threshold: number;
  minutes: number;
}

/** The configured rule (AUTH_LOCKOUT_THRESHOLD, AUTH_LOCKOUT_MINUTES). */
export function lockoutRule(): LockoutRule {
  const { lockoutThreshold, lockoutMinutes } = getConfig().auth;
  return { threshold: lockoutThreshold, minutes: lockoutMinutes };
}

export type SignInReservation =
  { allowed: true; attempt: number } | { allowed: false; lockedUntil: Date | null; retryAfterSeconds: number };

export async function reserveSignInAttempt(db: DB, email: string, rule: LockoutRule): Promise<SignInReservation> {
  const key = email.toLowerCase();
  const now = Date.now();
  const windowMs = rule.minutes * 60_000;
  return db.transaction().execute(async (trx) => {
    // Make sure the row exists, then lock it (PostgreSQL); SQLite runs one transaction at a time.
    await trx
      .insertInto("sign_in_lockouts")
      .values({ email: key, failures: 0, locked_until: null, updated_at: new Date(now).toISOString() })
      .onConflict((oc) => oc.column("email").doNothing())
      .execute();
    let select = trx.selectFrom("sign_in_lockouts").selectAll().where("email", "=", key);
    if (isPostgres(db)) select = select.forUpdate();
    const row = await select.executeTakeFirstOrThrow();
    const lockedUntil = row.locked_until ? new Date(row.locked_until).getTime() : 0;
    if (lockedUntil > now) {
      return {
        allowed: false,
        lockedUntil: new Date(lockedUntil),
        retryAfterSeconds: Math.ceil((lockedUntil - now) / 1000),
      };
    }
    // An expired lock, or a count untouched for the lock time, starts afresh.
    const stale = lockedUntil !== 0 || now - new Date(row.updated_at).getTime() > windowMs;
    const taken = stale ? 0 : Number(row.failures);
    if (taken >= rule.threshold) {
      return { allowed: false, lockedUntil: null, retryAfterSeconds: Math.ceil(windowMs / 1000) };
    }
    await trx
      .updateTable("sign_in_lockouts")
      .set({ failures: taken + 1, locked_until: null, updated_at: new Date(now).toISOString() })
      .where("email", "=", key)
      .execute();
    return { allowed: true, attempt: taken + 1 };
  });
}

/**
 * The reserved attempt failed. Returns true when it was the one that reached the threshold:
 * the address is then locked for the rule's minutes.
 */
export async function recordFailedAttempt(
  db: DB,
  email: string,
  reservation: { attempt: number },
  rule: LockoutRule,
): Promise<boolean> {
  if (reservation.attempt < rule.threshold) return false;
  await db
    .updateTable("sign_in_lockouts")
    .set({ locked_until: new Date(Date.now() + rule.minutes * 60_000).toISOString(), updated_at: nowIso() })
    .where("email", "=", email.toLowerCase())
    .execute();
  return true;
}

export async function lockedUntil(db: DB, email: string): Promise<Date | null> {
  const row = await db
    .selectFrom("sign_in_lockouts")
    .select("locked_until")
    .where("email", "=", email.toLowerCase())
    .executeTakeFirst();
  if (!row?.locked_until) return null;
  const until = new Date(row.locked_until);
  return until.getTime() > Date.now() ? until : null;
}

export async function clearFailures(db: DB, email: string): Promise<void> {
  await db.deleteFrom("sign_in_lockouts").where("email", "=", email.toLowerCase()).execute();
}
