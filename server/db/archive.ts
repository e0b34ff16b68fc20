import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { PRIVATE_FILE_MODE, restrictFile } from "../private-fs";

/**
 * A backup archive is a gzip-compressed POSIX tar (ustar) of a few flat files, readable with
 * `tar -xzf` too. Written and read as streams with Node's own zlib: a large database never
 * sits in memory. Entry names are plain file names (no folders), which the reader enforces.
 */

const BLOCK = 512;

function header(name: string, size: number, mtime: Date): Buffer {
  if (!/^[\w.-]{1,99}$/.test(name)) throw new Error(`Bad archive entry name: ${name}`);
  const h = Buffer.alloc(BLOCK, 0);
  const field = (value: string, offset: number, length: number) => h.write(value, offset, length, "ascii");
  const octal = (value: number, offset: number, length: number) =>
    field(value.toString(8).padStart(length - 1, "0"), offset, length - 1);
  field(name, 0, 100);
  octal(PRIVATE_FILE_MODE, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(size, 124, 12);
  octal(Math.floor(mtime.getTime() / 1000), 136, 12);
  field("        ", 148, 8);
  field("0", 156, 1);
  field("ustar\u000000", 257, 8);
  let sum = 0;
  for (const byte of h) sum += byte;
  field(`${sum.toString(8).padStart(6, "0")}\u0000 `, 148, 8);
  return h;
}

export interface ArchiveEntry {
  name: string;
  /** A file on disk to stream in. */
  file: string;
}

/** Writes `entries` into a new tar.gz at `out` (created 0600; fails if it exists). */
export async function writeArchive(out: string, entries: ArchiveEntry[]): Promise<void> {
  const now = new Date();
  async function* tar() {
    for (const entry of entries) {
      const size = fs.statSync(entry.file).size;
      yield header(entry.name, size, now);
      let written = 0;
      for await (const chunk of fs.createReadStream(entry.file)) {
        written += (chunk as Buffer).byteLength;
        yield chunk as Buffer;
      }
      if (written !== size) throw new Error(`${entry.name} changed while it was archived`);
      if (size % BLOCK) yield Buffer.alloc(BLOCK - (size % BLOCK), 0);
    }
    yield Buffer.alloc(BLOCK * 2, 0);
  }
  const fd = fs.openSync(out, "wx", PRIVATE_FILE_MODE);
  restrictFile(out);
  const output = fs.createWriteStream("", { fd });
  await pipeline(tar, zlib.createGzip(), output);
  const sync = fs.openSync(out, "r");
  fs.fsyncSync(sync);
  fs.closeSync(sync);
}

export interface ExtractedEntry {
  name: string;
  file: string;
  size: number;
  sha256: string;
}

/**
 * Extracts every entry of the tar.gz at `archive` into `dir` (which must exist, private),
 * computing each entry's sha256 as it goes. A truncated or corrupt archive is an error.
 */
export async function extractArchive(archive: string, dir: string): Promise<ExtractedEntry[]> {
  const entries: ExtractedEntry[] = [];
  let pending: Buffer = Buffer.alloc(0);
  let current: { entry: ExtractedEntry; remaining: number; padding: number; fd: number; hash: crypto.Hash } | undefined;
  let ended = false;

  const consume = (chunk: Buffer) => {
    pending = pending.byteLength ? Buffer.concat([pending, chunk]) : chunk;
    while (!ended) {
      if (current) {
        if (current.remaining > 0) {
          if (!pending.byteLength) return;
          const take = pending.subarray(0, Math.min(current.remaining, pending.byteLength));
          fs.writeSync(current.fd, take);
          current.hash.update(take);
          current.remaining -= take.byteLength;
          pending = pending.subarray(take.byteLength);
          continue;
        }
        if (pending.byteLength < current.padding) return;
        pending = pending.subarray(current.padding);
        fs.closeSync(current.fd);
        current.entry.sha256 = current.hash.digest("hex");
        entries.push(current.entry);
        current = undefined;
        continue;
      }
      if (pending.byteLength < BLOCK) return;
      const h = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (h.every((b) => b === 0)) {
        ended = true;
        return;
      }
      const name = h.subarray(0, 100).toString("ascii").replace(/\0.*$/s, "");
      const size = parseInt(h.subarray(124, 136).toString("ascii").replace(/\0.*$/s, "").trim(), 8);
      const type = String.fromCharCode(h[156]!);
      if (!/^[\w.-]{1,99}$/.test(name) || name.startsWith(".") || !Number.isSafeInteger(size) || size < 0) {
        throw new Error("The archive is corrupt: an entry header is not one this tool writes.");
      }
      if (type !== "0" && type !== "\0") throw new Error(`The archive holds an entry that is not a file: ${name}`);
      if (entries.some((e) => e.name === name)) throw new Error(`The archive holds ${name} twice.`);
      const file = path.join(dir, name);
      const fd = fs.openSync(file, "wx", PRIVATE_FILE_MODE);
      current = {
        entry: { name, file, size, sha256: "" },
        remaining: size,
        padding: size % BLOCK ? BLOCK - (size % BLOCK) : 0,
        fd,
        hash: crypto.createHash("sha256"),
      };
    }
  };

  try {
    await pipeline(fs.createReadStream(archive), zlib.createGunzip(), async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) consume(chunk);
    });
  } catch (err) {
    if (current) fs.closeSync(current.fd);
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "Z_BUF_ERROR" || code === "Z_DATA_ERROR") {
      throw new Error(`The archive is truncated or corrupt (${(err as Error).message}); nothing was restored.`, {
        cause: err,
      });
    }
    throw err;
  }
  if (current || !ended) throw new Error("The archive is truncated: it ends in the middle of an entry.");
  return entries;
}
