import { data, redirect } from "react-router";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";

/*
 * Permanent redirects of public pages that moved, in the one redirects table
 * (`content_redirects`, migration 0030; decisions 0027 and 0030) for every kind of page:
 * posts, guides, industries and the owner page. A slug change records the move inside its
 * transaction (so it bumps the content version with it); deleting a public item marks its
 * path gone (410). A live page always wins: saving a page at a path removes any redirect
 * from it, and loaders look here only when nothing answers (`notFoundOrRedirect`).
 */

/** A site path as stored: leading slash, no trailing slash, no query or fragment. */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? "";
  const trimmed = bare.replace(/\/+$/, "");
  return trimmed.startsWith("/") ? trimmed || "/" : `/${trimmed}`;
}

/** What moved: the table and id of the page (for staff reading the table). */
export interface MovedItem {
  table: string;
  id: string;
}

/**
 * Records that `from` moved to `to`. Chains collapse to one hop: every redirect that pointed
 * at `from` now points at `to`; a redirect away from `to` is removed (the path is live
 * again).
 */
export async function recordRedirect(db: DB, from: string, to: string, item: MovedItem): Promise<void> {
  const fromPath = normalizePath(from);
  const toPath = normalizePath(to);
  if (fromPath === toPath) return;
  await db.updateTable("content_redirects").set({ to_path: toPath }).where("to_path", "=", fromPath).execute();
  await db.deleteFrom("content_redirects").where("from_path", "in", [fromPath, toPath]).execute();
  await db
    .insertInto("content_redirects")
    .values({ from_path: fromPath, to_path: toPath, item_table: item.table, item_id: item.id, created_at: nowIso() })
    .execute();
}

/** The page at `path` was deleted: `path` and every redirect that pointed at it answer 410. */
export async function markGone(db: DB, path: string, item: MovedItem, options: { wasPublic: boolean }): Promise<void> {
  const gone = normalizePath(path);
  await db.updateTable("content_redirects").set({ to_path: null }).where("to_path", "=", gone).execute();
  await db.deleteFrom("content_redirects").where("from_path", "=", gone).execute();
  if (options.wasPublic) {
    await db
      .insertInto("content_redirects")
      .values({ from_path: gone, to_path: null, item_table: item.table, item_id: item.id, created_at: nowIso() })
      .execute();
  }
}

/** Where a moved path now lives (`to` null: gone), or undefined. */
export async function findRedirect(db: DB, path: string): Promise<{ to: string | null } | undefined> {
  const row = await db
    .selectFrom("content_redirects")
    .select("to_path")
    .where("from_path", "=", normalizePath(path))
    .executeTakeFirst();
  return row ? { to: row.to_path } : undefined;
}

/** Removes the redirect away from a path (a live page now answers there). */
export async function removeRedirectFrom(db: DB, path: string): Promise<void> {
  await db.deleteFrom("content_redirects").where("from_path", "=", normalizePath(path)).execute();
}

/**
 * For a loader that found nothing: a 301 to where the path moved (keeping the query string),
 * 410 when it was deleted, else the 404 the loader would have thrown.
 */
export async function notFoundOrRedirect(db: DB, request: Request): Promise<never> {
  const url = new URL(request.url);
  const found = await findRedirect(db, url.pathname);
  if (found?.to) throw redirect(`${found.to}${url.search}`, 301);
  throw data(null, { status: found ? 410 : 404 });
}
