// `npm run test:setup`: installs what the test suite needs beyond npm packages — Debian's
// Chromium (for the end-to-end tests) — when it is missing. Needs root (or sudo-less apt).
import { execFileSync } from "node:child_process";
import fs from "node:fs";

const CHROMIUM = "/usr/bin/chromium";

if (fs.existsSync(CHROMIUM)) {
  console.log(`test:setup: ${CHROMIUM} present.`);
} else {
  if (process.getuid?.() !== 0) {
    console.error(
      `test:setup: ${CHROMIUM} is missing and this is not root. Install it with: apt-get install -y chromium fonts-liberation`,
    );
    process.exit(1);
  }
  console.log("test:setup: installing Debian chromium ...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium", "fonts-liberation"], { stdio: "inherit", env });
  if (!fs.existsSync(CHROMIUM)) {
    console.error("test:setup: apt-get finished but /usr/bin/chromium is still missing.");
    process.exit(1);
  }
}
