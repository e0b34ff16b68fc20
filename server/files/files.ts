import crypto from "node:crypto";
import type { Selectable } from "kysely";
import { fileTypeOfMime, sanitizeFilename } from "@common/lead";
import type { DB } from "../db";
import type { StoredFilesTable } from "../db/schema";
import { nowIso } from "../db/dialect";

/**
 * The one store for uploaded files: statements, content images (and their variants), form
 * attachments. Bytes live in `stored_files`, so every instance sees every file and a
 * database backup holds them (decision 0012). Pass a transaction as `db` to store a file
 * atomically with the rows that point at it. Callers check type (by content) and size
 * before storing, and pass a display filename they have sanitised.
 */

export type FilePurpose = "statement" | "image" | "attachment";

export interface StoredFile {
  id: string;
  purpose: FilePurpose;
  filename: string;
  mimeType: string;
  size: number;
  sha256: string;
  createdAt: string;
}

export interface NewFile {
  purpose: FilePurpose;
  filename: string;
  mimeType: string;
  bytes: Uint8Array;
}

const columns = ["id", "purpose", "filename", "mime_type", "size_bytes", "sha256", "created_at"] as const;

function toStoredFile(row: Pick<Selectable<StoredFilesTable>, (typeof columns)[number]>): StoredFile {
  return {
    id: row.id,
    purpose: row.purpose as FilePurpose,
    filename: row.filename,
    mimeType: row.mime_type,
    size: Number(row.size_bytes),
    sha256: row.sha256,
    createdAt: row.created_at,
  };
}

export function sha256Hex(bytes: Uint8Array): string {
  return crypto.createHash("sha256").update(bytes).digest("hex");
}

export async function storeFile(db: DB, file: NewFile): Promise<StoredFile> {
  const row = {
    id: crypto.randomUUID(),
    purpose: file.purpose,
    filename: file.filename,
    mime_type: file.mimeType,
    size_bytes: file.bytes.byteLength,
    sha256: sha256Hex(file.bytes),
    content: file.bytes,
    created_at: nowIso(),
  };
  await db.insertInto("stored_files").values(row).execute();
  return toStoredFile(row);
}

/** The file's description without its bytes. */
export async function getStoredFile(db: DB, id: string): Promise<StoredFile | undefined> {
  const row = await db.selectFrom("stored_files").select(columns).where("id", "=", id).executeTakeFirst();
  return row ? toStoredFile(row) : undefined;
}

export async function readStoredFile(db: DB, id: string): Promise<{ file: StoredFile; bytes: Uint8Array } | undefined> {
  const row = await db
    .selectFrom("stored_files")
    .select([...columns, "content"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  return { file: toStoredFile(row), bytes: new Uint8Array(row.content) };
}

export async function deleteStoredFiles(db: DB, ids: readonly string[]): Promise<number> {
  if (!ids.length) return 0;
  const result = await db.deleteFrom("stored_files").where("id", "in", ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Total bytes stored for a purpose since a time (e.g. statements today, for a daily cap). */
export async function storedBytesSince(db: DB, purpose: FilePurpose, sinceIso: string): Promise<number> {
  const row = await db
    .selectFrom("stored_files")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("size_bytes"), eb.lit(0)).as("total"))
    .where("purpose", "=", purpose)
    .where("created_at", ">=", sinceIso)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * `Content-Disposition` for a stored file: an ASCII fallback name plus the exact UTF-8 name,
 * by the one filename rule (`sanitizeFilename`): it ends with the extension of the file's
 * type, also for a file stored before that rule (a type we do not serve is plain "file").
 */
export function contentDisposition(kind: "attachment" | "inline", filename: string, mimeType: string): string {
  const type = fileTypeOfMime(mimeType);
  const name = type ? sanitizeFilename(filename, type) : "file";
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * A response carrying a stored file. Staff-only files (statements, attachments) are
 * `attachment` and `private, no-store`; public images pass `cache: "immutable"`.
 */
export function storedFileResponse(
  file: StoredFile,
  bytes: Uint8Array,
  options: { disposition: "attachment" | "inline"; cache: "private" | "immutable" },
): Response {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": file.mimeType,
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": contentDisposition(options.disposition, file.filename, file.mimeType),
      "Cache-Control": options.cache === "immutable" ? "public, max-age=31536000, immutable" : "private, no-store",
      ETag: `"${file.sha256}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
