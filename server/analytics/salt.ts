import crypto from "node:crypto";
import type { DB } from "../db";

/**
 * The visitor hash (decision 0044, Plausible's method): sha256 of a random salt, the IP
 * address and the user agent, cut to 128 bits. The salt is made per Arizona day and shared
 * by every instance through `analytics_salts`; when a day begins, the salts of earlier days
 * are deleted with the hashes counted under them, so yesterday's visitor cannot be
 * recognised today, and no one (not even the database's owner) can turn a hash back into an
 * address: the address is never stored.
 */

export function visitorHash(salt: string, ip: string, userAgent: string): string {
  return crypto.createHash("sha256").update(`${salt}\n${ip}\n${userAgent}`).digest("hex").slice(0, 32);
}

/**
 * Today's salt: created by the first instance that needs it (an insert that a concurrent one
 * loses harmlessly), read by the others; every older salt and the hashes counted under them
 * are thrown away in the same transaction.
 */
export async function saltOfDay(db: DB, day: string): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto("analytics_salts")
      .values({ day, salt: crypto.randomBytes(32).toString("hex") })
      .onConflict((oc) => oc.column("day").doNothing())
      .execute();
    await trx.deleteFrom("analytics_salts").where("day", "<", day).execute();
    await trx.deleteFrom("analytics_visitor_days").where("day", "<", day).execute();
    const row = await trx.selectFrom("analytics_salts").select("salt").where("day", "=", day).executeTakeFirstOrThrow();
    return row.salt;
  });
}

/** One instance's copy of the day's salt: read from the database once per day (and again when it fails). */
export class DailySalt {
  private current: { day: string; salt: Promise<string> } | undefined;

  constructor(private readonly db: () => DB) {}

  forDay(day: string): Promise<string> {
    if (this.current?.day !== day) {
      const salt = saltOfDay(this.db(), day);
      this.current = { day, salt };
      salt.catch(() => {
        if (this.current?.salt === salt) this.current = undefined;
      });
    }
    return this.current.salt;
  }
}
