import { data, redirect } from "react-router";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";
import type { ArticleTable } from "./articles";

/**
 * Old public paths of blog posts and help guides. A slug change of a public item leaves
 * its old path answering 301 to the new one; deleting a public item leaves its path
 * answering 410. Chains are collapsed when written (A→B then B→C stores A→C and B→C), so
 * a visitor always gets one hop. A live item always wins over a redirect of the same path
 * (the public loaders look here only when no item answers), and saving an item at a path
 * removes any redirect from that path. Every change here is part of a content write that
 * bumps the content version.
 */
export const ARTICLE_BASE_PATH: Record<ArticleTable, string> = {
  blog_posts: "/resources/blog",
  help_guides: "/resources/guides",
};

export function articlePath(table: ArticleTable, slug: string): string {
  return `${ARTICLE_BASE_PATH[table]}/${slug}`;
}

/** `from` now answers 301 to `to`; everything that pointed at `from` points at `to`. */
export async function addRedirect(db: DB, table: ArticleTable, itemId: string, from: string, to: string) {
  if (from === to) return;
  await db.updateTable("content_redirects").set({ to_path: to }).where("to_path", "=", from).execute();
  await db.deleteFrom("content_redirects").where("from_path", "in", [from, to]).execute();
  await db
    .insertInto("content_redirects")
    .values({ from_path: from, to_path: to, item_table: table, item_id: itemId, created_at: nowIso() })
    .execute();
}

/** The item at `path` was deleted: `path` and everything that pointed at it answer 410. */
export async function markGone(db: DB, table: ArticleTable, itemId: string, path: string, wasPublic: boolean) {
  await db.updateTable("content_redirects").set({ to_path: null }).where("to_path", "=", path).execute();
  await db.deleteFrom("content_redirects").where("from_path", "=", path).execute();
  if (wasPublic) {
    await db
      .insertInto("content_redirects")
      .values({ from_path: path, to_path: null, item_table: table, item_id: itemId, created_at: nowIso() })
      .execute();
  }
}

/** An item now lives at `path`: no redirect may shadow it. */
export async function clearRedirectFrom(db: DB, path: string) {
  await db.deleteFrom("content_redirects").where("from_path", "=", path).execute();
}

/** What an unknown public path answers: a redirect target, "gone", or nothing (404). */
export async function resolveRedirect(db: DB, path: string): Promise<{ to: string | null } | undefined> {
  const row = await db
    .selectFrom("content_redirects")
    .select("to_path")
    .where("from_path", "=", path)
    .executeTakeFirst();
  return row ? { to: row.to_path } : undefined;
}

/**
 * What a public article route throws when no visible item has the slug: 301 to where it
 * moved, 410 when it was deleted, otherwise 404.
 */
export async function missingArticle(db: DB, path: string): Promise<unknown> {
  const found = await resolveRedirect(db, path);
  if (found?.to) return redirect(found.to, 301);
  return data(null, { status: found ? 410 : 404 });
}
