import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createTestDatabase, type DbKind, type TestDatabase } from "./db";

const root = path.resolve(import.meta.dirname, "../..");
const STOP_MS = 20_000;

export interface TestServer {
  url: string;
  database: TestDatabase;
  process: ChildProcess;
  logs: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the production build (`node server.js`, as `npm start` does) on a free port with
 * its own data folder and database (or another server's: `sharedDatabase`). Requires
 * `npm run build` first.
 */
export async function startTestServer(
  options: {
    db?: DbKind;
    env?: Record<string, string>;
    /** Variables to leave out of the server's environment (e.g. HOST, to see its default). */
    unset?: string[];
    /** Start the server under this umask (e.g. 0o022, the usual one). */
    umask?: number;
    /** Run on another server's database (a second instance); only its owner drops it. */
    sharedDatabase?: TestDatabase;
    /**
     * Start on an empty database, which the server migrates and seeds as in production. By default
     * it starts on a copy of the run's seeded template (tests/support/db.ts): the same schema and
     * rows, seconds sooner; the server still runs its seed, which finds nothing missing.
     */
    emptyDatabase?: boolean;
  } = {},
): Promise<TestServer> {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
    throw new Error("No production build: run `npm run build` before the integration and e2e tests.");
  }
  // A second instance on the same database (and, for SQLite, the same data folder) is given
  // the first one's database; only the one that made it drops it.
  const database =
    options.sharedDatabase ??
    (await createTestDatabase(options.db ?? "sqlite", {
      migrate: !options.emptyDatabase,
      seed: !options.emptyDatabase,
    }));
  const cleanup = options.sharedDatabase ? async () => {} : () => database.cleanup();
  // The server's output as it comes, joined only when asked for. Some files make tens of thousands
  // of requests, each logged: `output += chunk` with a search of the whole text per chunk copied it
  // all again every time, seconds of this process's CPU in those files.
  const output: string[] = [];
  const logs = () => output.join("");
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "production",
    PORT: "0",
    HOST: "127.0.0.1",
    // Production requires SITE_URL (https, or http on a loopback address); the port is picked at start.
    SITE_URL: "http://localhost",
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl,
    AUTH_SECRET: "test-secret-0123456789abcdef0123456789abcdef",
    LOG_LEVEL: "info",
    // V8's compiled code of the server bundle, kept between starts: importing the bundle is most of
    // a start (about 1.2 s of CPU, a quarter less from this cache). Node checks each entry against
    // the file's contents, so a new build is compiled afresh.
    NODE_COMPILE_CACHE: path.join(root, ".tmp/node-compile-cache"),
    ...options.env,
    ...(process.env.TEST_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.TEST_SERVER_NODE_OPTIONS } : {}),
  };
  for (const name of options.unset ?? []) delete env[name];
  const child =
    options.umask === undefined
      ? spawn(process.execPath, ["server.js"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] })
      : spawn(
          "/bin/sh",
          ["-c", `umask ${options.umask.toString(8).padStart(3, "0")} && exec "$0" server.js`, process.execPath],
          {
            cwd: root,
            env,
            stdio: ["ignore", "pipe", "pipe"],
          },
        );
  child.stderr!.on("data", (chunk: Buffer) => output.push(String(chunk)));
  const started = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 30 s:\n${logs()}`)), 30_000);
    const untilListening = (chunk: Buffer) => {
      output.push(String(chunk));
      // Searched only until the server listens, when its output is a few lines.
      const match = /"msg":"server listening","url":"([^"]+)"/.exec(logs());
      if (match) {
        clearTimeout(timer);
        child.stdout!.off("data", untilListening).on("data", (more: Buffer) => output.push(String(more)));
        resolve(match[1]!.replace("localhost", "127.0.0.1"));
      }
    };
    child.stdout!.on("data", untilListening);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${logs()}`));
    });
  });
  let url: string;
  try {
    url = await started;
  } catch (err) {
    if (child.exitCode === null) child.kill("SIGKILL");
    await cleanup();
    throw err;
  }
  return {
    url,
    database,
    process: child,
    logs,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        // The server forces its own exit 10 s after SIGTERM (server/main.ts). One that is still
        // running later is stuck: killed, and reported with its log, not left to a hook timeout.
        let timer: NodeJS.Timeout | undefined;
        const stuck = await Promise.race([
          exited.then(() => false),
          new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), STOP_MS))),
        ]);
        clearTimeout(timer);
        if (stuck) {
          child.kill("SIGKILL");
          await exited;
          await cleanup();
          throw new Error(`server did not exit within ${STOP_MS / 1000} s of SIGTERM:\n${logs().slice(-4000)}`);
        }
      }
      await cleanup();
    },
  };
}
