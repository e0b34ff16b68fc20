import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Writable } from "node:stream";
import type { DB } from "../db";
import { personFileBytes } from "../forms/person-submissions";
import { countsOf, type PersonData } from "./findings";
import { loadOnFirstUse } from "../load-on-first-use";

/** yazl, loaded with the first export (decision 0056). */
const loadYazl = loadOnFirstUse(() => import("yazl"));

/**
 * A person's data as one ZIP, streamed (decision 0050): `data.json` with everything found
 * (every group, the files listed with their place in the archive), then each uploaded file
 * under `files/`. The files are read from the file store one at a time, as the archive
 * reaches them (yazl's lazy entries), so neither the archive nor all its files sit in memory.
 */

const safeName = (name: string) =>
  [...name]
    .map((c) => (c === "/" || c === "\\" || c.charCodeAt(0) < 32 ? "_" : c))
    .join("")
    .slice(0, 120) || "file";

/** Where each file goes in the archive: files/<n>-<name> (n keeps names apart). */
function filePaths(data: PersonData): Map<string, string> {
  const paths = new Map<string, string>();
  let n = 0;
  for (const s of data.submissions)
    for (const f of s.files) paths.set(f.id, `files/${String(++n).padStart(2, "0")}-${safeName(f.filename)}`);
  return paths;
}

export function exportDocument(data: PersonData, paths: Map<string, string>, now = new Date()) {
  return {
    about:
      "Everything this site holds about the e-mail address below, as of the time shown: the contact record and its timeline, every form submission (with its files, in the files folder), statement reviews and proposals, audit log entries, webhook deliveries and privacy requests.",
    exportedAt: now.toISOString(),
    email: data.email,
    counts: countsOf(data),
    contacts: data.contacts.map((c) => ({ ...c, lead_profile: JSON.parse(c.lead_profile) as unknown })),
    timeline: data.activity.map((a) => ({ ...a, details: JSON.parse(a.details) as unknown })),
    submissions: data.submissions.map((s) => ({
      ...s,
      files: s.files.map((f) => ({ ...f, path: paths.get(f.id) ?? null })),
    })),
    statementReviews: data.reviews.map((r) => ({
      ...r,
      input: JSON.parse(r.input) as unknown,
      pricing: JSON.parse(r.pricing) as unknown,
      figures: JSON.parse(r.figures) as unknown,
    })),
    proposals: data.proposals.map((p) => ({ ...p, snapshot: JSON.parse(p.snapshot) as unknown })),
    auditEntries: data.audit,
    webhookDeliveries: data.webhookDeliveries,
    privacyRequests: data.requests,
  };
}

/** Writes the archive to `out` (an HTTP response), one entry after another; resolves when it is all sent. */
export async function writePersonZip(db: DB, data: PersonData, out: Writable): Promise<void> {
  const zip = new (await loadYazl()).ZipFile();
  const paths = filePaths(data);
  zip.addBuffer(Buffer.from(JSON.stringify(exportDocument(data, paths), null, 2)), "data.json");
  for (const s of data.submissions)
    for (const f of s.files) {
      const path = paths.get(f.id)!;
      zip.addReadStreamLazy(path, { mtime: new Date(s.createdAt) }, (done) => {
        personFileBytes(db, f.id).then(
          (bytes) => done(null, Readable.from([Buffer.from(bytes ?? new Uint8Array())])),
          (err: unknown) => done(err instanceof Error ? err : new Error(String(err)), Readable.from([])),
        );
      });
    }
  zip.end();
  await pipeline(zip.outputStream as Readable, out);
}
