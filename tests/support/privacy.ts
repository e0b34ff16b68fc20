import crypto from "node:crypto";
import { sql } from "kysely";
import yauzl from "yauzl";
import type { DB } from "@server/db";
import { isPostgres } from "@server/db/dialect";
import { formBody, formProof, formToken, newIp } from "./lead-forms";
import type { TestServer } from "./server";

/** Must match the AUTH_SECRET startTestServer gives the server. */
const AUTH_SECRET = "test-secret-0123456789abcdef0123456789abcdef";

/** A confirmation token for a request id and expiry, signed as the server signs one (to test expiry). */
export function privacyToken(id: string, expiresAt: number): string {
  const sig = crypto.createHmac("sha256", AUTH_SECRET).update(`privacy-request:${id}:${expiresAt}`).digest("base64url");
  return `${id}.${expiresAt}.${sig}`;
}

/**
 * The visitor sends the privacy-request form, as the page posts it (multipart, a token ten
 * seconds old, the proof of work solved; `proof: false` as a browser without JavaScript does).
 */
export function postPrivacyRequest(server: TestServer, email: string, choice: string, ip = newIp(), proof = true) {
  return fetch(`${server.url}/forms/privacy-request`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "X-Forwarded-For": ip },
    body: formBody({
      formToken: formToken(),
      formProof: proof ? formProof() : null,
      name: "Pat Lee",
      email,
      request: choice,
      details: "",
    }),
  });
}

/** The confirm page's button, pressed: its form post with the link's token and a page token ten seconds old. */
export function pressConfirm(server: TestServer, token: string, pageToken: string | null = formToken()) {
  return fetch(`${server.url}/privacy-request/confirm?token=${encodeURIComponent(token)}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, "X-Forwarded-For": newIp() },
    body: new URLSearchParams({ token, ...(pageToken === null ? {} : { formToken: pageToken }) }),
  });
}

/** Every entry of a ZIP: its path and bytes. */
export function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error("not a zip"));
      const entries = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openErr, stream) => {
          if (openErr || !stream) return reject(openErr ?? new Error("unreadable entry"));
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
          stream.on("error", reject);
        });
      });
      zip.on("end", () => resolve(entries));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

/** Every text column of every table, read from the database's own catalog (so a new table is covered too). */
export async function textColumns(db: DB): Promise<Array<{ table: string; column: string }>> {
  if (isPostgres(db)) {
    const rows = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
    `.execute(db);
    return rows.rows.map((r) => ({ table: r.table_name, column: r.column_name }));
  }
  const tables = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%'
  `.execute(db);
  const columns: Array<{ table: string; column: string }> = [];
  for (const { name } of tables.rows) {
    const info = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${name})`.execute(
      db,
    );
    for (const c of info.rows) if (!/blob/i.test(c.type)) columns.push({ table: name, column: c.name });
  }
  return columns;
}

/** The tables and columns whose text contains `needle` (case-insensitive). */
export async function whereTextAppears(db: DB, needle: string): Promise<string[]> {
  const found: string[] = [];
  const pattern = `%${needle.toLowerCase()}%`;
  for (const { table, column } of await textColumns(db)) {
    const text = isPostgres(db) ? sql`lower(${sql.ref(column)}::text)` : sql`lower(cast(${sql.ref(column)} as text))`;
    const row = await sql<{ n: number | string }>`
      select count(*) as n from ${sql.table(table)} where ${text} like ${pattern}
    `.execute(db);
    if (Number(row.rows[0]?.n ?? 0) > 0) found.push(`${table}.${column}`);
  }
  return found;
}
