import path from "node:path";
import { getConfig } from "../config";
import { ensurePrivateDir } from "../private-fs";
import { closeDb, getDb, migrateToLatest } from "../db";
import { createBackup, restoreBackup } from "../db/backup";
import { seedDatabase } from "./seed";

const command = process.argv[2];

async function main() {
  if (command === "migrate") {
    const applied = await migrateToLatest(getDb());
    console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
  } else if (command === "seed") {
    await migrateToLatest(getDb());
    await seedDatabase(getDb());
    console.log("Seed complete.");
  } else if (command === "backup") {
    const out = path.resolve(
      process.argv[3] ?? `backups/meritum-${new Date().toISOString().replace(/[:.]/g, "-")}.tar.gz`,
    );
    // Our own backups/ folder is made 0700; a folder the operator named is only created (0700) when missing.
    if (!process.argv[3]) ensurePrivateDir(path.dirname(out));
    const manifest = await createBackup(getConfig().database, out);
    const rows = Object.values(manifest.rows).reduce((a, b) => a + b, 0);
    console.log(
      `Backed up the ${manifest.database} database (${rows} rows in ${Object.keys(manifest.rows).length} tables, ` +
        `${manifest.storedFiles.count} stored files) to ${out}.`,
    );
  } else if (command === "restore") {
    const args = process.argv.slice(3);
    const file = args.find((a) => !a.startsWith("--"));
    const unknown = args.filter((a) => a.startsWith("--") && a !== "--force");
    if (!file || unknown.length) {
      console.error("Usage: npm run db:restore -- <archive.tar.gz> [--force]");
      process.exitCode = 2;
      return;
    }
    const manifest = await restoreBackup(getConfig().database, path.resolve(file), args.includes("--force"));
    console.log(`Restored the backup of ${manifest.createdAt} (${manifest.storedFiles.count} stored files).`);
    const applied = await migrateToLatest(getDb());
    console.log(applied.length ? `Migrated: ${applied.join(", ")}` : "Database is up to date.");
  } else {
    console.error("Usage: tsx server/app/db-cli.ts <migrate|seed|backup [file]|restore <file> [--force]>");
    process.exitCode = 2;
  }
}

main()
  .catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  })
  .finally(() => closeDb());
