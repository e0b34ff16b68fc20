import type { DB } from "../db";

/**
 * The solutions already accepted (`form_proofs_used`, owned here): a solution is good once,
 * on whichever instance it arrives. Its signature is inserted with the challenge's expiry;
 * the table's primary key lets one insert through and turns the second into nothing, so two
 * instances cannot both accept it. Rows past their expiry are purged (a solution past it is
 * refused as expired anyway).
 */

const PURGE_EVERY_MS = 60_000;
let purgeAt = 0;

/** Deletes the rows whose challenge has expired; the number deleted. */
export async function purgeUsedProofs(db: DB, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom("form_proofs_used").where("expires_at", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Records a solution as used: true the first time, false when it was used already (a replay). */
export async function useProof(
  db: DB,
  proof: { signature: string; expiresAt: number },
  now = Date.now(),
): Promise<boolean> {
  if (now >= purgeAt) {
    purgeAt = now + PURGE_EVERY_MS;
    await purgeUsedProofs(db, now);
  }
  const inserted = await db
    .insertInto("form_proofs_used")
    .values({ signature: proof.signature, expires_at: proof.expiresAt })
    .onConflict((oc) => oc.column("signature").doNothing())
    .returning("signature")
    .executeTakeFirst();
  return inserted !== undefined;
}
