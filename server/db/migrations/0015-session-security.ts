import crypto from "node:crypto";
import type { Kysely } from "kysely";
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

/*
 * The digests as server/auth/token-hash.ts computed them when this migration was written,
 * frozen here: a migration must give the same rows whatever auth/ later becomes, and db/
 * imports no domain folder (decision 0038). A change of the digest would be a new migration.
 */
function sha256(value: string): string {
  return crypto.createHash("sha256").update(value).digest("base64url");
}

function storedVerificationIdentifier(identifier: string): string {
  const colon = identifier.indexOf(":");
  if (colon > 0 && /^[a-z-]+$/.test(identifier.slice(0, colon)))
    return identifier.slice(0, colon + 1) + sha256(identifier.slice(colon + 1));
  return sha256(identifier);
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("twoFactor").dropColumn("lastUsedStep").execute();
  await db.schema.alterTable("session").dropColumn("reauthenticatedAt").execute();
}
