// `npm run test:setup`: installs what the test suite needs beyond npm packages — Debian's
// Chromium (for the end-to-end tests) and postgresql-client (pg_dump/pg_restore, for the
// backup and restore tests on PostgreSQL) — when they are missing. Needs root (or sudo-less apt).
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";

const CHROMIUM = "/usr/bin/chromium";
const needed = [];
if (fs.existsSync(CHROMIUM)) console.log(`test:setup: ${CHROMIUM} present.`);
else needed.push("chromium", "fonts-liberation");
const pgDump = spawnSync("pg_dump", ["--version"], { encoding: "utf8" });
if (pgDump.status === 0) console.log(`test:setup: ${pgDump.stdout.trim()} present.`);
else needed.push("postgresql-client");

if (needed.length) {
  if (process.getuid?.() !== 0) {
    console.error(`test:setup: missing and this is not root. Install with: apt-get install -y ${needed.join(" ")}`);
    process.exit(1);
  }
  console.log(`test:setup: installing Debian ${needed.join(", ")} ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", ...needed], { stdio: "inherit", env });
  if (!fs.existsSync(CHROMIUM)) {
    console.error("test:setup: apt-get finished but /usr/bin/chromium is still missing.");
    process.exit(1);
  }
  if (spawnSync("pg_dump", ["--version"]).status !== 0) {
    console.error("test:setup: apt-get finished but pg_dump is still missing.");
    process.exit(1);
  }
}
