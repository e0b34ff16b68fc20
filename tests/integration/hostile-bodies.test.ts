import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { startStaffServer } from "../support/auth";
import { dbKinds } from "../support/db";
import type { TestServer } from "../support/server";

/**
 * Every action route and every API endpoint that takes a body gets a corpus of hostile
 * bodies, signed out and signed in: none may answer 5xx, and no stored row may appear or
 * change (the audit log and the abuse counters excepted: refusals may be recorded there).
 */

interface HostileBody {
  name: string;
  contentType?: string;
  body?: string | Uint8Array;
}

const deep = "[".repeat(20_000) + "]".repeat(20_000);
const deepObject = '{"a":'.repeat(5_000) + "1" + "}".repeat(5_000);

const CORPUS: HostileBody[] = [
  { name: "empty, no content type" },
  { name: "empty urlencoded", contentType: "application/x-www-form-urlencoded", body: "" },
  { name: "empty JSON", contentType: "application/json", body: "" },
  { name: "JSON object", contentType: "application/json", body: '{"email":"x@meritum.test","password":"p"}' },
  { name: "JSON null", contentType: "application/json", body: "null" },
  { name: "JSON array", contentType: "application/json", body: "[1,2,3]" },
  { name: "JSON string", contentType: "application/json", body: '"hello"' },
  { name: "broken JSON", contentType: "application/json", body: '{"email": "a@b.c", ' },
  { name: "deeply nested JSON array", contentType: "application/json", body: deep },
  { name: "deeply nested JSON object", contentType: "application/json", body: deepObject },
  { name: "JSON with NUL", contentType: "application/json", body: '{"email":"a\\u0000@b.c","name":"\\u0000"}' },
  { name: "text/plain", contentType: "text/plain", body: "email=a@b.c&password=x" },
  { name: "xml", contentType: "application/xml", body: "<a>1</a>" },
  { name: "octet-stream", contentType: "application/octet-stream", body: new Uint8Array([0, 1, 2, 255]) },
  { name: "multipart without boundary", contentType: "multipart/form-data", body: "--x\r\n\r\nv" },
  {
    name: "multipart unterminated",
    contentType: "multipart/form-data; boundary=XYZ",
    body: '--XYZ\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c',
  },
  {
    name: "multipart garbage headers",
    contentType: "multipart/form-data; boundary=XYZ",
    body: "--XYZ\r\n\x01\x02\x03: ???\r\n\r\nv\r\n--XYZ--\r\n",
  },
  {
    name: "multipart with a file",
    contentType: "multipart/form-data; boundary=XYZ",
    body: '--XYZ\r\nContent-Disposition: form-data; name="f"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 x\r\n--XYZ--\r\n',
  },
  { name: "form to JSON", contentType: "application/x-www-form-urlencoded", body: "email=a%40b.c&name=x&role=admin" },
  {
    name: "invalid UTF-8 urlencoded",
    contentType: "application/x-www-form-urlencoded",
    body: new Uint8Array([...Buffer.from("email="), 0xff, 0xfe, 0xc3, ...Buffer.from("&password=x")]),
  },
  {
    name: "bad percent-encoding",
    contentType: "application/x-www-form-urlencoded",
    body: "email=%FF%FE&password=%E0%A4%A",
  },
  { name: "invalid UTF-8 JSON", contentType: "application/json", body: new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]) },
  { name: "NUL in form", contentType: "application/x-www-form-urlencoded", body: "email=a%00b%40c.d&password=x%00" },
  {
    name: "very long fields",
    contentType: "application/x-www-form-urlencoded",
    body: `intent=password&email=${"x".repeat(30_000)}&password=${"y".repeat(30_000)}`,
  },
  { name: "huge form", contentType: "application/x-www-form-urlencoded", body: `a=${"x".repeat(3 * 1024 * 1024)}` },
  { name: "huge JSON", contentType: "application/json", body: `{"a":"${"x".repeat(3 * 1024 * 1024)}"}` },
  {
    name: "duplicate fields",
    contentType: "application/x-www-form-urlencoded",
    body: "intent=password&intent=totp&email=a%40b.c&email=b%40c.d&password=x&password=y&code=1&code=2&token=a&token=b",
  },
  { name: "many fields", contentType: "application/x-www-form-urlencoded", body: Array(5000).fill("a=1").join("&") },
  { name: "charset utf-16", contentType: "application/json; charset=utf-16", body: '{"a":1}' },
];

const ACTION_ROUTES = [
  "/login",
  "/login?index",
  "/login.data",
  "/admin/password-reset",
  "/admin/reset-password?token=abc",
  "/admin/accept-invite?token=abc",
  "/contact",
  "/contact.data",
  "/",
  "/admin/users",
];

const API_CALLS: Array<[string, string]> = [
  ["POST", "/api/admin/users"],
  ["PATCH", "/api/admin/users/nope"],
  ["POST", "/api/admin/users/nope/invitation"],
  ["DELETE", "/api/admin/users/nope/two-factor"],
  ["DELETE", "/api/admin/users/nope"],
  ["POST", "/api/admin/security/password"],
  ["POST", "/api/admin/security/two-factor"],
  ["POST", "/api/admin/security/two-factor/confirm"],
  ["POST", "/api/admin/security/two-factor/disable"],
  ["DELETE", "/api/admin/security/sessions/nope"],
  ["POST", "/api/auth/sign-in/email"],
  ["POST", "/api/auth/sign-up/email"],
  ["POST", "/api/nothing"],
  // These end the session: last, so the signed-in pass covers everything above signed in.
  ["POST", "/api/auth/sign-out"],
  ["POST", "/logout"],
];

/** Tables whose rows a refused request may add (audit trail, abuse counters, sessions it cleared). */
const MAY_CHANGE = new Set([
  "audit_log",
  "sign_in_lockouts",
  "rate_limits",
  "session",
  "kysely_migration",
  "kysely_migration_lock",
]);

async function snapshot(server: TestServer): Promise<Record<string, string>> {
  const db = server.database.db;
  const tables = (await db.introspection.getTables()).map((t) => t.name).filter((name) => !MAY_CHANGE.has(name));
  const out: Record<string, string> = {};
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    out[table] = JSON.stringify(
      rows.rows.map((r) => JSON.stringify(r, (_k, v) => (v instanceof Uint8Array ? v.byteLength : v))).sort(),
    );
  }
  return out;
}

describe.each(dbKinds())("hostile request bodies on %s", (kind) => {
  let server: TestServer;
  let adminCookie: string;

  beforeAll(async () => {
    ({ server, adminCookie } = await startStaffServer(kind, {
      CONTACT_RATE_LIMIT: "10000",
      AUTH_RATE_LIMIT_MAX: "10000",
    }));
  });
  afterAll(() => server?.stop());

  it("never answers 5xx and stores nothing, signed out and signed in", { timeout: 300_000 }, async () => {
    const before = await snapshot(server);
    const failures: string[] = [];
    const targets: Array<[string, string]> = [...ACTION_ROUTES.map((p): [string, string] => ["POST", p]), ...API_CALLS];
    for (const cookie of [null, adminCookie]) {
      for (const [method, path] of targets) {
        for (const item of CORPUS) {
          const headers: Record<string, string> = { Origin: server.url };
          if (item.contentType) headers["Content-Type"] = item.contentType;
          if (cookie) headers.Cookie = cookie;
          let status: number;
          let text = "";
          try {
            const res = await fetch(`${server.url}${path}`, {
              method,
              headers,
              body: method === "GET" ? undefined : (item.body as BodyInit | undefined),
              redirect: "manual",
              signal: AbortSignal.timeout(20_000),
            });
            status = res.status;
            text = await res.text();
          } catch (err) {
            failures.push(`${method} ${path} [${item.name}] ${cookie ? "signed in" : "signed out"}: ${String(err)}`);
            continue;
          }
          if (status >= 500) {
            failures.push(`${method} ${path} [${item.name}] ${cookie ? "signed in" : "signed out"}: ${status}`);
          }
          expect(text).not.toMatch(/\n\s+at [\w.<>]+ \(/); // never a stack trace
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot(server)).toEqual(before);
  });
});
