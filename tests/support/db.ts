import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { DatabaseTarget } from "@server/config";
import { createDatabase, migrateToLatest, type DB } from "@server/db";

export type DbKind = "sqlite" | "postgres";

/**
 * The databases the suite runs against: SQLite always, PostgreSQL when TEST_DATABASE_URL
 * is set. In CI a missing TEST_DATABASE_URL is an error, never a silent skip.
 */
export function dbKinds(): DbKind[] {
  if (process.env.TEST_DATABASE_URL) return ["sqlite", "postgres"];
  if (process.env.CI) throw new Error("CI must set TEST_DATABASE_URL: the suite runs against PostgreSQL too.");
  return ["sqlite"];
}

export interface TestDatabase {
  kind: DbKind;
  target: DatabaseTarget;
  /** DATABASE_URL to hand a child server process ("" for SQLite under DATA_DIR). */
  databaseUrl: string;
  dataDir: string;
  db: DB;
  cleanup: () => Promise<void>;
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  return url;
}

/** A fresh, empty database of the given kind (its own SQLite file, or its own PostgreSQL database). */
export async function createTestDatabase(kind: DbKind, options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "meritum-test-"));
  let target: DatabaseTarget;
  let databaseUrl = "";
  let dropPg: (() => Promise<void>) | undefined;
  if (kind === "sqlite") {
    target = { kind: "sqlite", file: path.join(dataDir, "site.db") };
  } else {
    const name = `meritum_test_${crypto.randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    try {
      await admin.query(`create database ${name}`);
    } finally {
      await admin.end();
    }
    const url = new URL(adminUrl());
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    target = { kind: "postgres", url: databaseUrl };
    dropPg = async () => {
      const c = new pg.Client({ connectionString: adminUrl() });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    };
  }
  const db = createDatabase(target);
  if (options.migrate !== false) await migrateToLatest(db);
  return {
    kind,
    target,
    databaseUrl,
    dataDir,
    db,
    cleanup: async () => {
      await db.destroy();
      await dropPg?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
