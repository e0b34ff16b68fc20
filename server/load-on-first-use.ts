/**
 * A module loaded on its first use instead of at start (decision 0056): the server imports a
 * library only the rare request needs (image resizing, QR codes, ZIP files, e-mail, PostgreSQL
 * on an SQLite install) when that request comes. `const loadSharp = loadOnFirstUse(() => import("sharp"))`,
 * then `(await loadSharp()).default(...)`. The import runs once; one that failed is tried again.
 */
export function loadOnFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
}
