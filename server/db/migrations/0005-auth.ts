import type { Kysely } from "kysely";
import { columnTypes } from "../dialect";

/**
 * Staff accounts. The tables better-auth reads and writes (user, session, account,
 * verification, twoFactor) keep its default table and column names so its Kysely adapter
 * and its start-up schema check match without a field mapping (see server/auth/auth.ts).
 * The columns mirror `better-auth/db/migration` output for the email+password, admin and
 * twoFactor plugins. Our own tables (audit_log, sign_in_lockouts) use snake_case.
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema
    .createTable("user")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("emailVerified", t.boolean, (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("createdAt", t.timestamp, (c) => c.notNull())
    .addColumn("updatedAt", t.timestamp, (c) => c.notNull())
    .addColumn("twoFactorEnabled", t.boolean)
    .addColumn("role", "text")
    .addColumn("banned", t.boolean)
    .addColumn("banReason", "text")
    .addColumn("banExpires", t.timestamp)
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("expiresAt", t.timestamp, (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("createdAt", t.timestamp, (c) => c.notNull())
    .addColumn("updatedAt", t.timestamp, (c) => c.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("impersonatedBy", "text")
    .execute();
  await db.schema.createIndex("session_userId_idx").on("session").column("userId").execute();

  await db.schema
    .createTable("account")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("accountId", "text", (c) => c.notNull())
    .addColumn("providerId", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", t.timestamp)
    .addColumn("refreshTokenExpiresAt", t.timestamp)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", t.timestamp, (c) => c.notNull())
    .addColumn("updatedAt", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("account_userId_idx").on("account").column("userId").execute();

  await db.schema
    .createTable("verification")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expiresAt", t.timestamp, (c) => c.notNull())
    .addColumn("createdAt", t.timestamp, (c) => c.notNull())
    .addColumn("updatedAt", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("verification_identifier_idx").on("verification").column("identifier").execute();

  await db.schema
    .createTable("twoFactor")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("backupCodes", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("verified", t.boolean)
    .addColumn("failedVerificationCount", "integer")
    .addColumn("lockedUntil", t.timestamp)
    .execute();
  await db.schema.createIndex("twoFactor_secret_idx").on("twoFactor").column("secret").execute();
  await db.schema.createIndex("twoFactor_userId_idx").on("twoFactor").column("userId").execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("actor_email", "text")
    .addColumn("action", "varchar(80)", (c) => c.notNull())
    .addColumn("target", "text")
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .addColumn("details", "text", (c) => c.notNull()) // JSON object
    .execute();
  await db.schema.createIndex("audit_log_created_at_idx").on("audit_log").column("created_at").execute();
  await db.schema.createIndex("audit_log_actor_idx").on("audit_log").columns(["actor_id", "created_at"]).execute();

  // Consecutive failed sign-ins per e-mail address, whether or not an account exists.
  await db.schema
    .createTable("sign_in_lockouts")
    .addColumn("email", "text", (c) => c.primaryKey())
    .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("locked_until", t.timestamp)
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>) {
  for (const table of ["sign_in_lockouts", "audit_log", "twoFactor", "verification", "account", "session", "user"]) {
    await db.schema.dropTable(table).execute();
  }
}
