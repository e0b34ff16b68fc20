// `npm run arch`: the import structure inside server/, folder by folder (decision 0038).
// Prints how many import statements run from each server/ folder to each other one, then
// any mutual pair (two folders importing each other) and any import from an infrastructure
// folder into a domain folder. Exits 1 when a mutual pair exists.
//
// A "folder" is the first path segment below server/ (server/forms/api.ts is in `forms`);
// a file directly in server/ is its own node (`main`, `config`). Every .ts file counts, tests and
// type-only imports included: a type import ties two folders as much as a value import does.
// Imports are read with TypeScript's preProcessFile (static, `export … from`, dynamic
// import()), resolved from relative paths and the @server/ alias; anything outside server/
// (common/, packages) is left out.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(import.meta.dirname, "..");
const serverDir = path.join(root, "server");
/** Infrastructure: imports no domain folder (eslint.config.js enforces it too). */
const INFRA = new Set(["http", "db", "jobs", "files", "mail"]);
/** Files directly in server/ that are infrastructure as well (config, logging, lazy imports: decision 0056). */
const INFRA_FILES = new Set(["config", "logger", "private-fs", "load-on-first-use"]);

/** The node a path under server/ belongs to, or null when it lies outside server/. */
function nodeOf(file) {
  const rel = path.relative(serverDir, file);
  if (rel.startsWith("..") || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  // server/config.ts, server/config.test.ts and an import of "../config" are all `config`.
  return parts.length === 1 ? parts[0].replace(/(\.test)?(\.tsx?)?$/, "") : parts[0];
}

function resolveSpecifier(from, specifier) {
  if (specifier.startsWith("@server/")) return path.join(serverDir, specifier.slice("@server/".length));
  if (specifier.startsWith(".")) return path.resolve(path.dirname(from), specifier);
  return null;
}

function* tsFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* tsFiles(full);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) yield full;
  }
}

/** counts.get("a").get("b"): import statements from folder a into folder b. */
const counts = new Map();
/** "a -> b": the files of a that import b (for the infrastructure report). */
const importers = new Map();
for (const file of tsFiles(serverDir)) {
  const from = nodeOf(file);
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
  for (const { fileName } of importedFiles) {
    const target = resolveSpecifier(file, fileName);
    const to = target && nodeOf(target);
    if (!to || to === from) continue;
    if (!counts.has(from)) counts.set(from, new Map());
    counts.get(from).set(to, (counts.get(from).get(to) ?? 0) + 1);
    const key = `${from} -> ${to}`;
    if (!importers.has(key)) importers.set(key, new Set());
    importers.get(key).add(path.relative(root, file));
  }
}

const isInfra = (node) => INFRA.has(node) || INFRA_FILES.has(node);
const edges = [...counts].flatMap(([from, tos]) => [...tos].map(([to, n]) => ({ from, to, n })));
edges.sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
const width = Math.max(...edges.map((e) => `${e.from} -> ${e.to}`.length));

console.log(
  `Imports between server/ folders (${edges.length} folder pairs, ${edges.reduce((s, e) => s + e.n, 0)} imports):`,
);
for (const e of edges) console.log(`  ${`${e.from} -> ${e.to}`.padEnd(width)}  ${e.n}`);

const mutual = edges.filter((e) => e.from < e.to && counts.get(e.to)?.has(e.from));
const upward = edges.filter((e) => isInfra(e.from) && !isInfra(e.to));

console.log(`\nMutual pairs (folders that import each other): ${mutual.length || "none"}`);
for (const e of mutual) console.log(`  ${e.from} <-> ${e.to}  (${e.n} and ${counts.get(e.to).get(e.from)})`);

console.log(
  `\nInfrastructure (${[...INFRA, ...INFRA_FILES].join(", ")}) importing a domain: ${upward.length || "none"}`,
);
for (const e of upward)
  console.log(`  ${e.from} -> ${e.to}: ${[...importers.get(`${e.from} -> ${e.to}`)].sort().join(", ")}`);

if (mutual.length) process.exit(1);
