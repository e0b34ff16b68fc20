// Shared by the bench scripts: start the production build on a free port with a throwaway
// DATA_DIR and SQLite database, as `npm start` would, and stop it again.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");

export function requireBuild() {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
    console.error("No production build: run `npm run build` first.");
    process.exit(1);
  }
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function startServer(extraEnv = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "meritum-bench-"));
  const port = await freePort();
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      // Production requires SITE_URL (https, or http on a loopback address).
      SITE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      AUTH_SECRET: "bench-secret-0123456789abcdef0123456789abcdef",
      // Per-request log lines would measure the terminal, not the server.
      LOG_LEVEL: "warn",
      ...extraEnv,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${stderr}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in 30 s:\n${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, pid: child.pid, stop, stderr: () => stderr };
}

/**
 * A new, empty PostgreSQL database beside the one `adminUrl` names (a bench never runs on a
 * database with earlier data: rate-limit counters and rows left by another run skew it).
 * Returns its URL and `drop()`, which removes it with any connection still open.
 */
export async function freshPostgres(adminUrl) {
  const pg = (await import("pg")).default;
  const name = `meritum_bench_${crypto.randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(`drop database if exists ${name} with (force)`);
    } finally {
      await client.end();
    }
  };
  return { url: url.toString(), drop };
}
