import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getConfig } from "../config";
import { STATEMENT_TYPES, type StatementType } from "@common/lead";

/**
 * Uploaded processing statements live in DATA_DIR/statements/<uuid>.<ext>, mode 0600,
 * outside the web root: nothing serves that folder. Staff read them only through an
 * authorised route that resolves a storage key with `statementPath`.
 */

const STORAGE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|png|jpg)$/;

export function statementsDir(dataDir = getConfig().dataDir): string {
  return path.join(dataDir, "statements");
}

/** The file of a stored statement; throws for anything that is not a storage key we made. */
export function statementPath(storageKey: string, dataDir?: string): string {
  if (!STORAGE_KEY.test(storageKey)) throw new Error(`Not a statement storage key: ${storageKey}`);
  return path.join(statementsDir(dataDir), storageKey);
}

export interface StagedStatement {
  storageKey: string;
  type: StatementType;
  mime: string;
  size: number;
  sha256: string;
  /** Moves the temp file to its final name (call after the database commit). */
  commit: () => Promise<void>;
  /** Removes the temp file (call when the database work failed). */
  discard: () => Promise<void>;
}

/**
 * Writes the bytes to a temp name beside their final place (same folder, so the later
 * rename is atomic). The row that points at the file is committed before the rename.
 */
export async function stageStatement(
  bytes: Uint8Array,
  type: StatementType,
  dataDir?: string,
): Promise<StagedStatement> {
  const dir = statementsDir(dataDir);
  await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
  const storageKey = `${crypto.randomUUID()}.${STATEMENT_TYPES[type].ext}`;
  const finalPath = path.join(dir, storageKey);
  const tempPath = path.join(dir, `.tmp-${storageKey}`);
  await fs.promises.writeFile(tempPath, bytes, { mode: 0o600, flag: "wx" });
  return {
    storageKey,
    type,
    mime: STATEMENT_TYPES[type].mime,
    size: bytes.byteLength,
    sha256: crypto.createHash("sha256").update(bytes).digest("hex"),
    commit: () => fs.promises.rename(tempPath, finalPath),
    discard: () => fs.promises.rm(tempPath, { force: true }),
  };
}
