import fs from "node:fs";
import path from "node:path";
import { log } from "./logger";

/**
 * The data folder holds password hashes, tokens, leads and unsent mail (reset links): only
 * the server's own user may read it, whatever the umask. Folders are 0700 and files 0600,
 * set explicitly (the mode given to mkdir/open is reduced by the umask) and also applied to
 * what an older version created with wider permissions.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

function restrict(target: string, mode: number) {
  try {
    if ((fs.statSync(target).mode & 0o777) !== mode) fs.chmodSync(target, mode);
  } catch (err) {
    // A folder we do not own (e.g. DATA_DIR=/tmp) cannot be changed: say so, do not stop.
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
    log.warn("could not restrict permissions", { path: target, mode: mode.toString(8), err });
  }
}

/** Creates `dir` (and missing parents) and makes it 0700. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  restrict(dir, PRIVATE_DIR_MODE);
}

/** Makes an existing file 0600 (no-op when it does not exist). */
export function restrictFile(file: string): void {
  restrict(file, PRIVATE_FILE_MODE);
}

/**
 * Prepares a SQLite database file: its folder 0700, the file created empty at 0600 when
 * missing (SQLite gives its -wal and -shm files the database file's permissions), and
 * existing -wal/-shm files narrowed too.
 */
export function preparePrivateSqliteFile(file: string): void {
  ensurePrivateDir(path.dirname(file));
  fs.closeSync(fs.openSync(file, "a", PRIVATE_FILE_MODE));
  for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) restrictFile(f);
}

/** Writes a new file that only the owner can read (0600 whatever the umask). */
export function writePrivateFile(file: string, data: Buffer | string): void {
  fs.writeFileSync(file, data, { mode: PRIVATE_FILE_MODE, flag: "wx" });
  restrictFile(file);
}
