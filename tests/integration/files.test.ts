import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  contentDisposition,
  deleteStoredFiles,
  getStoredFile,
  readStoredFile,
  sha256Hex,
  storedBytesSince,
  storedFileResponse,
  storeFile,
} from "@server/files/files";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

describe.each(dbKinds())("stored files on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(() => t.cleanup());

  // Every byte value, NULs and invalid UTF-8 included: the store must not treat bytes as text.
  const bytes = new Uint8Array(4096).map((_, i) => (i * 31) % 256);

  it("stores bytes and reads back the same bytes, size and checksum", async () => {
    const stored = await storeFile(t.db, {
      purpose: "statement",
      filename: "März statement.pdf",
      mimeType: "application/pdf",
      bytes,
    });
    expect(stored.size).toBe(4096);
    expect(stored.sha256).toBe(sha256Hex(bytes));
    const read = await readStoredFile(t.db, stored.id);
    expect(read?.file).toEqual(stored);
    expect(Buffer.from(read!.bytes).equals(Buffer.from(bytes))).toBe(true);
    expect(await getStoredFile(t.db, stored.id)).toEqual(stored);
  });

  it("stores inside the caller's transaction: a rollback leaves no file", async () => {
    let id = "";
    await expect(
      t.db.transaction().execute(async (trx) => {
        id = (await storeFile(trx, { purpose: "image", filename: "a.png", mimeType: "image/png", bytes })).id;
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(id).not.toBe("");
    expect(await getStoredFile(t.db, id)).toBeUndefined();
  });

  it("sums the bytes stored per purpose since a time, and deletes files", async () => {
    const since = new Date(Date.now() - 60_000).toISOString();
    const before = await storedBytesSince(t.db, "attachment", since);
    const a = await storeFile(t.db, { purpose: "attachment", filename: "a.txt", mimeType: "text/plain", bytes });
    const b = await storeFile(t.db, {
      purpose: "attachment",
      filename: "b.txt",
      mimeType: "text/plain",
      bytes: bytes.slice(0, 10),
    });
    expect(await storedBytesSince(t.db, "attachment", since)).toBe(before + 4106);
    expect(await storedBytesSince(t.db, "attachment", new Date(Date.now() + 60_000).toISOString())).toBe(0);
    expect(await deleteStoredFiles(t.db, [a.id, b.id, "missing"])).toBe(2);
    expect(await readStoredFile(t.db, a.id)).toBeUndefined();
    expect(await deleteStoredFiles(t.db, [])).toBe(0);
  });

  it("answers a download with the file's type, a safe disposition and no caching for private files", async () => {
    const stored = await storeFile(t.db, {
      purpose: "statement",
      filename: 'Q1 "final" é.pdf',
      mimeType: "application/pdf",
      bytes,
    });
    const res = storedFileResponse(stored, bytes, { disposition: "attachment", cache: "private" });
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="Q1 final _.pdf"; filename*=UTF-8''Q1%20final%20%C3%A9.pdf`,
    );
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    expect(contentDisposition("inline", "", "image/png")).toBe(
      `inline; filename="file.png"; filename*=UTF-8''file.png`,
    );
    expect(contentDisposition("inline", "x.html", "text/html")).toBe(`inline; filename="file"; filename*=UTF-8''file`);
    // A name stored before the filename rule is served by it: the type's extension, no bidi controls.
    expect(contentDisposition("attachment", "October statement.pdf.bat", "application/pdf")).toBe(
      `attachment; filename="October statement.pdf"; filename*=UTF-8''October%20statement.pdf`,
    );
    expect(contentDisposition("attachment", "invoice\u202Efdp.exe", "image/jpeg")).toBe(
      `attachment; filename="invoicefdp.jpg"; filename*=UTF-8''invoicefdp.jpg`,
    );
  });
});
