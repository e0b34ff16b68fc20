// `npm run quickstart`: the one-command local start. Writes a .env with a generated
// AUTH_SECRET on first run (production refuses to start without one), builds, and starts
// the production server on SQLite (DATA_DIR/site.db, created, migrated and seeded at start).
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const envFile = path.join(root, ".env");
const current = fs.existsSync(envFile) ? fs.readFileSync(envFile, "utf8") : "";

if (!/^AUTH_SECRET=.{32,}$/m.test(current)) {
  const secret = crypto.randomBytes(32).toString("hex");
  const next = (current && !current.endsWith("\n") ? current + "\n" : current) + `AUTH_SECRET=${secret}\n`;
  fs.writeFileSync(envFile, next, { mode: 0o600 });
  console.log("quickstart: wrote a new AUTH_SECRET to .env (keep this file private; back it up with the data).");
}

// Production needs SITE_URL; for a local trial it is this machine (http is accepted for localhost).
const now = fs.readFileSync(envFile, "utf8");
if (!/^SITE_URL=/m.test(now)) {
  const port = /^PORT=(\d+)$/m.exec(now)?.[1] ?? process.env.PORT ?? "3000";
  fs.appendFileSync(envFile, `${now.endsWith("\n") ? "" : "\n"}SITE_URL=http://localhost:${port}\n`);
  console.log(
    `quickstart: wrote SITE_URL=http://localhost:${port} to .env (set your public https address before going live).`,
  );
}

const run = (args) => {
  const result = spawnSync("npm", args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
run(["run", "build"]);
run(["start"]);
