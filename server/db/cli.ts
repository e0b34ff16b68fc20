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
  } else {
    console.error("Usage: tsx server/db/cli.ts <migrate|seed>");
    process.exitCode = 2;
  }
}

main()
  .catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  })
  .finally(() => closeDb());
