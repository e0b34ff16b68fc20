import { getConfig } from "./config";

type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

/**
 * Structured logging: one JSON object per line on stdout (stderr for errors), so a log
 * shipper can read it without parsing prose.
 */
function write(level: Level, msg: string, fields?: Record<string, unknown>) {
  if (order[level] < order[getConfig().logLevel]) return;
  const entry: Record<string, unknown> = { time: new Date().toISOString(), level, msg, ...fields };
  if (fields?.err instanceof Error) {
    entry.err = { message: fields.err.message, name: fields.err.name, stack: fields.err.stack };
  }
  const line = JSON.stringify(entry);
  if (level === "error" || level === "warn") process.stderr.write(line + "\n");
  else process.stdout.write(line + "\n");
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};
