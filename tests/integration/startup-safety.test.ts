import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "@server/db";
import { createUserWithPassword } from "@server/users/users";
import { postForm } from "../support/auth";
import { dbKinds } from "../support/db";
import { startTestServer, type TestServer } from "../support/server";

const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);
const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

/** Runs `node server.js` with exactly `env` until it exits; its exit code and output. */
function startExpectingExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["server.js"], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server kept running:\n${output}`));
    }, 20_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Issue 13: private data files whatever the umask; no production by accident. */
describe.each(dbKinds())("start-up safety on %s", (kind) => {
  let server: TestServer;
  let parent: string;
  let dataDir: string;

  beforeAll(async () => {
    // The usual umask, and a data folder the server has to create itself.
    parent = fs.mkdtempSync(path.join(os.tmpdir(), "meritum-perm-"));
    fs.chmodSync(parent, 0o755);
    dataDir = path.join(parent, "data");
    server = await startTestServer({ db: kind, umask: 0o022, env: { DATA_DIR: dataDir } });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it("creates the data and outbox folders 0700 and the database, its -wal/-shm, outbox and backup files 0600", async () => {
    // The user whose reset link goes to the outbox lives in the server's own database.
    const db =
      kind === "sqlite" ? createDatabase({ kind: "sqlite", file: path.join(dataDir, "site.db") }) : server.database.db;
    try {
      await createUserWithPassword(db, {
        email: "perm@meritum.test",
        name: "Perm",
        role: "editor",
        password: "Meritum-test-passphrase-42",
      });
    } finally {
      if (kind === "sqlite") await db.destroy();
    }
    const res = await postForm(server, "/admin/password-reset", null, { email: "perm@meritum.test" });
    expect(res.status).toBe(200);
    const outbox = path.join(dataDir, "outbox");
    await expect.poll(() => (fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0), { timeout: 10_000 }).toBe(1);

    expect(mode(dataDir)).toBe("700");
    expect(mode(outbox)).toBe("700");
    const mail = path.join(outbox, fs.readdirSync(outbox)[0]!);
    expect(fs.readFileSync(mail, "utf8")).toContain("/admin/reset-password?token=");
    expect(mode(mail)).toBe("600");
    if (kind === "sqlite") {
      for (const file of ["site.db", "site.db-wal", "site.db-shm"]) {
        expect(fs.existsSync(path.join(dataDir, file)), file).toBe(true);
        expect(mode(path.join(dataDir, file)), file).toBe("600");
      }
      // A backup, taken while the server runs, under the same umask.
      const out = path.join(parent, "backups", "copy.db");
      await run("/bin/sh", ["-c", `umask 022 && exec npm run --silent db:backup -- "${out}"`], {
        cwd: root,
        env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      });
      expect(mode(path.dirname(out))).toBe("700");
      expect(mode(out)).toBe("600");
    }
  });

  it("refuses to start the production build without NODE_ENV, or in production without an https SITE_URL", async () => {
    const base = {
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: path.join(parent, "refused"),
      DATABASE_URL: server.database.databaseUrl,
    };
    const noEnv = await startExpectingExit(base);
    expect(noEnv.code).toBe(1);
    expect(noEnv.output).toContain("NODE_ENV is not set");
    const prod = { ...base, NODE_ENV: "production", AUTH_SECRET: "x".repeat(40) };
    const noSite = await startExpectingExit(prod);
    expect(noSite.code).toBe(1);
    expect(noSite.output).toContain("SITE_URL must be set in production");
    const plain = await startExpectingExit({ ...prod, SITE_URL: "http://www.meritum.example" });
    expect(plain.code).toBe(1);
    expect(plain.output).toContain("SITE_URL must be an https address in production");
  });

  it("behind a proxy (TRUST_PROXY=1) listens on 127.0.0.1 unless HOST says otherwise, and says so", async () => {
    const proxied = await startTestServer({ db: kind, env: { TRUST_PROXY: "1" }, unset: ["HOST"] });
    try {
      expect(proxied.logs()).toMatch(/"msg":"server listening".*"host":"127\.0\.0\.1"/);
      await expect
        .poll(() => proxied.logs())
        .toContain("TRUST_PROXY=1: X-Forwarded-* headers are trusted, so listening on 127.0.0.1 only");
      expect((await fetch(`${proxied.url}/healthz`)).status).toBe(200);
    } finally {
      await proxied.stop();
    }
  });
});
