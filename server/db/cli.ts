import fs from "node:fs";
import path from "node:path";
import { backup, DatabaseSync } from "node:sqlite";
import { getConfig } from "../config";
import { ensurePrivateDir, restrictFile } from "../files/private-fs";
import { closeDb, getDb, migrateToLatest } from ".";
import { seedDatabase } from "./seed";

const command = process.argv[2];

async function main() {
  const db = getDb();
  if (command === "migrate") {
    const applied = await migrateToLatest(db);
    console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
  } else if (command === "seed") {
    await migrateToLatest(db);
    await seedDatabase(db);
    console.log("Seed complete.");
  } else if (command === "backup") {
    const target = getConfig().database;
    if (target.kind !== "sqlite") {
      console.error('db:backup copies the SQLite file. For PostgreSQL use: pg_dump -Fc "$DATABASE_URL" > meritum.dump');
      process.exitCode = 2;
      return;
    }
    const out = path.resolve(process.argv[3] ?? `backups/site-${new Date().toISOString().replace(/[:.]/g, "-")}.db`);
    // Our own backups/ folder is made 0700; a folder the operator named is only created (0700) when missing.
    if (!process.argv[3] || !fs.existsSync(path.dirname(out))) ensurePrivateDir(path.dirname(out));
    // SQLite's online backup: consistent even while the server is writing.
    const source = new DatabaseSync(target.file, { readOnly: true });
    try {
      // Created 0600 before SQLite writes into it, so the copy is never readable by others.
      fs.closeSync(fs.openSync(out, "a", 0o600));
      restrictFile(out);
      const pages = await backup(source, out);
      restrictFile(out);
      console.log(`Backed up ${target.file} to ${out} (${pages} pages).`);
    } finally {
      source.close();
    }
  } else {
    console.error("Usage: tsx server/db/cli.ts <migrate|seed|backup [file]>");
    process.exitCode = 2;
  }
}

main()
  .catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  })
  .finally(() => closeDb());
