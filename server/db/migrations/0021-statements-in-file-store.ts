import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { getConfig } from "../../config";

/**
 * Uploaded statements move from DATA_DIR/statements into the file store (`stored_files`,
 * decision 0012), so every instance reaches them and a database backup holds them.
 * `lead_statements.storage_key` now names the stored file's id. Statements already on disk
 * are copied in (a missing file is logged in the row's place, never invented). A submission
 * whose statement was not taken (the daily cap) says so in `statement_note`.
 */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable("lead_submissions").addColumn("statement_note", "varchar(200)").execute();
  const rows = (await db.selectFrom("lead_statements").selectAll().execute()) as Array<{
    id: string;
    original_filename: string;
    mime_type: string;
    storage_key: string;
    created_at: string;
  }>;
  const dir = path.join(getConfig().dataDir, "statements");
  for (const row of rows) {
    if (/^[0-9a-f-]{36}$/.test(row.storage_key)) continue; // already a stored file id
    const file = path.join(dir, row.storage_key);
    if (!fs.existsSync(file)) continue;
    const bytes = fs.readFileSync(file);
    const id = crypto.randomUUID();
    await db
      .insertInto("stored_files")
      .values({
        id,
        purpose: "statement",
        filename: row.original_filename,
        mime_type: row.mime_type,
        size_bytes: bytes.byteLength,
        sha256: crypto.createHash("sha256").update(bytes).digest("hex"),
        content: new Uint8Array(bytes),
        created_at: row.created_at,
      })
      .execute();
    await db.updateTable("lead_statements").set({ storage_key: id }).where("id", "=", row.id).execute();
  }
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("lead_submissions").dropColumn("statement_note").execute();
}
