import { sql, type SqlBool } from "kysely";
import type { DB } from "../db";
import { containsPattern } from "../db/dialect";

/**
 * Webhook deliveries whose stored body names a person's e-mail address (a lead's event), for
 * a privacy request (server/privacy): counted when their data is looked up, deleted with their
 * attempts when it is erased (what was already sent to a receiver is the receiver's to erase).
 */

const naming = (email: string) => sql<SqlBool>`lower(${sql.ref("payload")}) like ${containsPattern(email)} escape '\\'`;

export async function deliveriesNaming(
  db: DB,
  email: string,
): Promise<Array<{ id: string; event: string; createdAt: string }>> {
  const rows = await db
    .selectFrom("webhook_deliveries")
    .select(["id", "event", "created_at"])
    .where(naming(email))
    .orderBy("created_at")
    .execute();
  return rows.map((r) => ({ id: r.id, event: r.event, createdAt: r.created_at }));
}

export async function eraseDeliveriesNaming(trx: DB, email: string): Promise<number> {
  const ids = (await trx.selectFrom("webhook_deliveries").select("id").where(naming(email)).execute()).map((r) => r.id);
  if (!ids.length) return 0;
  await trx.deleteFrom("webhook_attempts").where("delivery_id", "in", ids).execute();
  await trx.deleteFrom("webhook_deliveries").where("id", "in", ids).execute();
  return ids.length;
}
