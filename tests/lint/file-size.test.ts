import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Files are split along their seams before they pass 400 lines (issue "Admin groundwork"): a
 * reader finds a behaviour in a file they can hold in their head. Generated and vendored files
 * are not ours to split.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const FOLDERS = ["app", "server", "common", "tests", "scripts"];
const LIMIT = 400;
const SOURCE = /\.(ts|tsx|mjs|js)$/;
const GENERATED = /[\\/](\+types|\.react-router)[\\/]|common-passwords/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) && !GENERATED.test(full) ? [full] : [];
  });
}

describe("file size", () => {
  it(`keeps every source file under ${LIMIT} lines`, () => {
    const files = FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder)));
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .map((file) => ({ file: path.relative(ROOT, file), lines: fs.readFileSync(file, "utf8").split("\n").length }))
      .filter(({ lines }) => lines > LIMIT)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});
