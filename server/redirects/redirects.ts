import { data, redirect } from "react-router";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";

/*
 * Permanent redirects of public paths that moved (migration 0035-redirects). The one module
 * for them: industries and the owner page (content-site) and posts and guides
 * (content-editor) record a move with `recordRedirect` inside the transaction that changes
 * the slug, and a page that finds nothing calls `notFoundOrRedirect` instead of throwing its
 * 404. content-editor: if you build your own, merge it here (same table and function names
 * welcome); the lead keeps one.
 */

/** A site path as stored: leading slash, no trailing slash, no query or fragment. */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? "";
  const trimmed = bare.replace(/\/+$/, "");
  return trimmed.startsWith("/") ? trimmed || "/" : `/${trimmed}`;
}

/**
 * Records that `from` moved to `to`. Chains collapse to one hop: every redirect that pointed
 * at `from` now points at `to`; a redirect away from `to` is removed (the path is live
 * again); a redirect that would point at itself is dropped.
 */
export async function recordRedirect(db: DB, from: string, to: string): Promise<void> {
  const fromPath = normalizePath(from);
  const toPath = normalizePath(to);
  if (fromPath === toPath) return;
  await db.deleteFrom("redirects").where("from_path", "=", toPath).execute();
  await db.updateTable("redirects").set({ to_path: toPath }).where("to_path", "=", fromPath).execute();
  await db.deleteFrom("redirects").whereRef("from_path", "=", "to_path").execute();
  await db
    .insertInto("redirects")
    .values({ from_path: fromPath, to_path: toPath, created_at: nowIso() })
    .onConflict((oc) => oc.column("from_path").doUpdateSet({ to_path: toPath, created_at: nowIso() }))
    .execute();
}

/** Where a moved path now lives, or undefined. */
export async function findRedirect(db: DB, path: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("redirects")
    .select("to_path")
    .where("from_path", "=", normalizePath(path))
    .executeTakeFirst();
  return row?.to_path;
}

/** Removes the redirect away from a path (e.g. when a new page takes that path). */
export async function removeRedirectFrom(db: DB, path: string): Promise<void> {
  await db.deleteFrom("redirects").where("from_path", "=", normalizePath(path)).execute();
}

/**
 * For a loader that found nothing: a 301 to where the path moved (keeping the query string),
 * else the 404 the loader would have thrown.
 */
export async function notFoundOrRedirect(db: DB, request: Request): Promise<never> {
  const url = new URL(request.url);
  const to = await findRedirect(db, url.pathname);
  if (to) throw redirect(`${to}${url.search}`, 301);
  throw data(null, { status: 404 });
}
