import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "@server/db";
import { writeArchive } from "@server/db/archive";
import { apiCall, signIn, startStaffServer } from "../support/auth";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";
import { leadForm } from "../support/lead-forms";
import { startTestServer, type TestServer } from "../support/server";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const sha256 = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");

/** Runs the CLI as `npm run db:<command>` does, against `database`. */
function cli(database: TestDatabase, args: string[]) {
  return run(path.join(root, "node_modules/.bin/tsx"), ["server/app/db-cli.ts", ...args], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl,
      LOG_LEVEL: "warn",
    },
  });
}

function pdf(i: number): Buffer {
  return Buffer.from(`%PDF-1.4\n% statement ${i} ${crypto.randomBytes(8).toString("hex")}\n%%EOF\n`);
}

async function postLead(server: TestServer, i: number, bytes: Buffer): Promise<number> {
  const fd = leadForm(
    { name: `Visitor ${i}`, businessName: `Shop ${i}`, email: `visitor${i}@example.com` },
    { name: `statement-${i}.pdf`, type: "application/pdf", bytes: new Uint8Array(bytes) },
  );
  const res = await fetch(`${server.url}/contact`, {
    method: "POST",
    body: fd,
    headers: { "X-Forwarded-For": `198.51.100.${(i % 250) + 1}` },
  });
  await res.arrayBuffer();
  return res.status;
}

/** A page's HTML without what differs per request (CSP nonces, form tokens, request ids). */
async function pageText(server: TestServer, pathname: string): Promise<string> {
  const res = await fetch(`${server.url}${pathname}`);
  expect(res.status, pathname).toBe(200);
  return (await res.text())
    .replace(/nonce="[^"]*"/g, "")
    .replace(/name="formToken" value="[^"]*"/g, "")
    .replaceAll(server.url, "SITE");
}

describe.each(dbKinds())("backup and restore on %s", (kind) => {
  let source: TestServer;
  let restoredDb: TestDatabase | undefined;
  let restored: TestServer | undefined;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "meritum-backup-test-"));
  const archive = path.join(work, "nightly", "site.tar.gz");
  const posted = new Map<string, string>(); // email -> statement sha256

  beforeAll(async () => {
    ({ server: source } = await startStaffServer(kind, { CONTACT_RATE_LIMIT: "10000" }));
  });
  afterAll(async () => {
    await restored?.stop();
    await restoredDb?.cleanup();
    await source?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it("backs up while leads are being written, restores into a fresh place, and the restored site serves the same", async () => {
    // Leads (each with a statement in the file store) keep arriving before, during and after the backup.
    let stop = false;
    let next = 0;
    const writer = async () => {
      while (!stop) {
        const i = next++;
        const bytes = pdf(i);
        expect(await postLead(source, i, bytes)).toBe(200);
        posted.set(`visitor${i}@example.com`, sha256(bytes));
      }
    };
    const writers = [writer(), writer()];
    await expect.poll(() => posted.size, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    const backup = await cli(source.database, ["backup", archive]);
    const postedAtBackup = posted.size;
    await expect.poll(() => posted.size, { timeout: 30_000 }).toBeGreaterThan(postedAtBackup + 2);
    stop = true;
    await Promise.all(writers);
    expect(backup.stdout).toMatch(/Backed up the \w+ database \(\d+ rows in \d+ tables, \d+ stored files\)/);

    // 0600 in a 0700 folder.
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(archive)).mode & 0o777).toBe(0o700);
    const listing = await run("tar", ["-tzf", archive]);
    expect(listing.stdout.trim().split("\n").sort()).toEqual(
      ["manifest.json", kind === "sqlite" ? "database.sqlite" : "database.pgdump"].sort(),
    );
    const manifest = JSON.parse((await run("tar", ["-xzOf", archive, "manifest.json"])).stdout);
    expect(manifest).toMatchObject({ format: 1, database: kind, migration: manifest.appMigration });
    expect(manifest.rows.submissions).toBeGreaterThanOrEqual(3);
    expect(manifest.storedFiles.count).toBe(manifest.rows.submission_files);

    // Restore into a fresh, empty place.
    restoredDb = await createTestDatabase(kind, { migrate: false });
    // Restore works in a private folder of its own; the folder it is made in (the SQLite
    // file's, or the system temp folder for PostgreSQL) keeps its permissions.
    const near = restoredDb.target.kind === "sqlite" ? path.dirname(restoredDb.target.file) : os.tmpdir();
    const nearMode = fs.statSync(near).mode & 0o7777;
    const restore = await cli(restoredDb, ["restore", archive]);
    expect(restore.stdout).toContain("Restored the backup");
    expect(fs.statSync(near).mode & 0o7777, near).toBe(nearMode);
    const db = restoredDb.db;
    const leads = await db.selectFrom("submissions").select(["id", "email"]).execute();
    expect(leads).toHaveLength(manifest.rows.submissions);
    const files = await db.selectFrom("stored_files").select(["id", "sha256", "content"]).execute();
    expect(files).toHaveLength(manifest.storedFiles.count);
    for (const f of files) expect(sha256(f.content as Uint8Array), f.id).toBe(f.sha256);
    // Consistent: every restored lead has its statement, and they are the bytes that were posted.
    const statements = await db
      .selectFrom("submission_files")
      .innerJoin("submissions", "submissions.id", "submission_files.submission_id")
      .innerJoin("stored_files", "stored_files.id", "submission_files.file_id")
      .select(["submissions.email", "stored_files.sha256"])
      .where("submission_files.field_key", "=", "statement")
      .execute();
    expect(statements).toHaveLength(leads.length);
    for (const s of statements) expect(s.sha256, s.email).toBe(posted.get(s.email));

    // The production server on the restored data serves the same pages, leads and files.
    restored = await startTestServer({ sharedDatabase: restoredDb, env: { TRUST_PROXY: "1" } });
    for (const page of ["/", "/resources/blog", "/resources/faq", "/about", "/industries"]) {
      expect(await pageText(restored, page), page).toBe(await pageText(source, page));
    }
    const [sourceCookie, restoredCookie] = [
      await signIn(source, "admin@meritum.test"),
      await signIn(restored, "admin@meritum.test"),
    ];
    const list = async (server: TestServer, cookie: string) => {
      const res = await apiCall(server, "GET", "/api/admin/contacts", cookie);
      expect(res.status).toBe(200);
      return (await res.json()) as { rows: Array<{ id: string; email: string }>; total: number };
    };
    const restoredContacts = await list(restored, restoredCookie);
    expect(restoredContacts.total).toBe(leads.length);
    // The source has gone on taking leads; each restored contact reads the same there and here.
    for (const c of restoredContacts.rows.slice(0, 5)) {
      const detail = async (server: TestServer, cookie: string) => {
        const res = await apiCall(server, "GET", `/api/admin/contacts/${c.id}`, cookie);
        expect(res.status).toBe(200);
        return (await res.json()) as { submissions: Array<{ files: Array<{ id: string }> }> };
      };
      const here = await detail(restored, restoredCookie);
      // All but the notification's state, which the source's job runner moved on after the backup.
      const comparable = (d: unknown) => JSON.stringify(d, (k, v: unknown) => (k === "notifyStatus" ? undefined : v));
      expect(comparable(here)).toBe(comparable(await detail(source, sourceCookie)));
      const statement = here.submissions[0]!.files[0]!;
      const download = await apiCall(
        restored,
        "GET",
        `/api/admin/contacts/${c.id}/files/${statement.id}`,
        restoredCookie,
      );
      expect(download.status).toBe(200);
      expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(posted.get(c.email));
    }
  });

  it("refuses to restore over existing data without --force, and replaces it with --force", async () => {
    await restored?.stop();
    restored = undefined;
    const refused = await cli(restoredDb!, ["restore", archive]).catch((err: { stderr: string; code: number }) => err);
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toContain(
      "already holds data; restore refuses to overwrite it. Add --force",
    );
    await restoredDb!.db.deleteFrom("submission_files").execute();
    const forced = await cli(restoredDb!, ["restore", archive, "--force"]);
    expect(forced.stdout).toContain("Restored the backup");
    // A new connection: the restored SQLite file replaced the one the test's handle still has open.
    const check = createDatabase(restoredDb!.target);
    const count = await check
      .selectFrom("submission_files")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    await check.destroy();
    expect(Number(count.n)).toBeGreaterThanOrEqual(3);
  });

  it("refuses a tampered or truncated archive before touching the target", async () => {
    const fresh = await createTestDatabase(kind, { migrate: false });
    try {
      // Tampered: one byte of the database copy changed, archive rebuilt around it.
      const dir = path.join(work, "tamper");
      fs.mkdirSync(dir);
      await run("tar", ["-xzf", archive, "-C", dir]);
      const entry = kind === "sqlite" ? "database.sqlite" : "database.pgdump";
      const bytes = fs.readFileSync(path.join(dir, entry));
      bytes[bytes.length - 100]! ^= 0xff;
      fs.writeFileSync(path.join(dir, entry), bytes);
      const tampered = path.join(work, "tampered.tar.gz");
      await writeArchive(tampered, [
        { name: "manifest.json", file: path.join(dir, "manifest.json") },
        { name: entry, file: path.join(dir, entry) },
      ]);
      const refused = await cli(fresh, ["restore", tampered]).catch((err: { stderr: string }) => err);
      expect((refused as { stderr: string }).stderr).toContain(`Checksum mismatch for ${entry}`);

      const truncated = path.join(work, "truncated.tar.gz");
      fs.writeFileSync(truncated, fs.readFileSync(archive).subarray(0, Math.floor(fs.statSync(archive).size / 2)));
      const cut = await cli(fresh, ["restore", truncated]).catch((err: { stderr: string }) => err);
      expect((cut as { stderr: string }).stderr).toMatch(/truncated/);

      // Nothing was written to the target.
      expect(await fresh.db.introspection.getTables()).toEqual([]);
    } finally {
      await fresh.cleanup();
    }
  });
});
