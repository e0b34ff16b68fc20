import type { DB } from "../db";
import { nowIso } from "../db/dialect";

/**
 * Per-account lockout: consecutive failed sign-ins counted per e-mail address, whether or
 * not an account exists for it, so that being locked reveals nothing about the address.
 */
export interface LockoutRule {
  threshold: number;
  minutes: number;
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

/** Counts one failure; returns true when this failure locked the account. */
export async function recordFailure(db: DB, email: string, rule: LockoutRule): Promise<boolean> {
  const key = email.toLowerCase();
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("sign_in_lockouts").selectAll().where("email", "=", key).executeTakeFirst();
    const stillLocked = row?.locked_until && new Date(row.locked_until).getTime() > Date.now();
    if (stillLocked) return false;
    const failures = (row?.failures ?? 0) + 1;
    const lock = failures >= rule.threshold;
    const values = {
      failures: lock ? 0 : failures,
      locked_until: lock ? new Date(Date.now() + rule.minutes * 60_000).toISOString() : null,
      updated_at: nowIso(),
    };
    if (row) await trx.updateTable("sign_in_lockouts").set(values).where("email", "=", key).execute();
    else
      await trx
        .insertInto("sign_in_lockouts")
        .values({ email: key, ...values })
        .execute();
    return lock;
  });
}

export async function clearFailures(db: DB, email: string): Promise<void> {
  await db.deleteFrom("sign_in_lockouts").where("email", "=", email.toLowerCase()).execute();
}
