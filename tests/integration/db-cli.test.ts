import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { DatabaseSync } from "node:sqlite";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "meritum-cli-"));
const env = { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, LOG_LEVEL: "warn" };

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("database CLI (SQLite)", () => {
  it("db:migrate creates and migrates the database, db:seed fills it, db:backup archives it", async () => {
    const migrate = await run("npm", ["run", "--silent", "db:migrate"], { cwd: root, env });
    expect(migrate.stdout).toMatch(/Applied: 0001-site-settings/);
    const again = await run("npm", ["run", "--silent", "db:migrate"], { cwd: root, env });
    expect(again.stdout).toContain("Database is up to date.");

    await run("npm", ["run", "--silent", "db:seed"], { cwd: root, env });
    const file = path.join(dataDir, "backup.tar.gz");
    const backup = await run("npm", ["run", "--silent", "db:backup", "--", file], { cwd: root, env });
    expect(backup.stdout).toContain(`to ${file}`);

    // A tar.gz any tar reads: the database copy and its manifest.
    const out = fs.mkdtempSync(path.join(dataDir, "x-"));
    await run("tar", ["-xzf", file, "-C", out]);
    expect(fs.readdirSync(out).sort()).toEqual(["database.sqlite", "manifest.json"]);
    const copy = new DatabaseSync(path.join(out, "database.sqlite"), { readOnly: true });
    const row = copy.prepare("select value from site_settings where key = 'phone'").get() as { value: string };
    copy.close();
    expect(JSON.parse(row.value)).toBe("(800) 431-9848");
  });
});
