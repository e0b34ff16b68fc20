import type { Kysely } from "kysely";
import { sha256, storedVerificationIdentifier } from "../../auth/token-hash";
import { columnTypes } from "../dialect";

/**
 * Session and token hardening (issue 13, decisions 0019 and 0020):
 * - session.reauthenticatedAt: when the password was last given again in this session
 *   (sensitive admin actions need it within a few minutes);
 * - twoFactor.lastUsedStep: the last accepted TOTP time step, so a code works once;
 * - tokens already issued are replaced by their digests (sessions stay valid, open reset
 *   and invitation links keep working).
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema.alterTable("session").addColumn("reauthenticatedAt", t.timestamp).execute();
  await db.schema.alterTable("twoFactor").addColumn("lastUsedStep", "bigint").execute();

  const sessions = await db.selectFrom("session").select(["id", "token"]).execute();
  for (const s of sessions as Array<{ id: string; token: string }>)
    await db
      .updateTable("session")
      .set({ token: sha256(s.token) })
      .where("id", "=", s.id)
      .execute();
  const rows = await db.selectFrom("verification").select(["id", "identifier"]).execute();
  for (const v of rows as Array<{ id: string; identifier: string }>)
    await db
      .updateTable("verification")
      .set({ identifier: storedVerificationIdentifier(v.identifier) })
      .where("id", "=", v.id)
      .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("twoFactor").dropColumn("lastUsedStep").execute();
  await db.schema.alterTable("session").dropColumn("reauthenticatedAt").execute();
}
