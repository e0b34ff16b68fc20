import crypto from "node:crypto";
import { articleSlugCheckSchema, type ArticleInput, type BulkAction } from "@common/content";
import { parseInput, ServiceError } from "@common/result";
import { writeAudit } from "../audit/audit";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";
import type { Actor } from "../auth/actor";
import { articleToInput, assertSlugFree, parseArticle, toColumns } from "./article-writes";
import { getArticleById, toArticle, untyped, type Article, type ArticleRow, type ArticleTable } from "./articles";
import { markGone, recordRedirect, removeRedirectFrom } from "../redirects/redirects";
import { articlePath } from "./redirects";
import { deleteRevisions, recordRevision, revisionSnapshot, type RevisionKind } from "./revisions";
import { bumpContentVersion } from "../content-version/content-version";
import { isVisible } from "./visibility";

/**
 * The admin editor's writes to blog posts and help guides. Each runs in one transaction:
 * the row (its version rises), a revision, redirects for a public slug change, the audit
 * row, and the content version (search index, sitemap, RSS and page caches follow it).
 */
export const ARTICLE_NOUN: Record<ArticleTable, { one: string; many: string; audit: string }> = {
  blog_posts: { one: "post", many: "posts", audit: "blog_post" },
  help_guides: { one: "guide", many: "guides", audit: "help_guide" },
};

const NOT_FOUND = "That item no longer exists. It may have been deleted by someone else.";

function audit(db: DB, actor: Actor, table: ArticleTable, action: string, article: Article, details = {}) {
  return writeAudit(db, {
    action: `${ARTICLE_NOUN[table].audit}.${action}`,
    actorId: actor.id,
    actorEmail: actor.email,
    target: articlePath(table, article.slug),
    ip: actor.ip,
    userAgent: actor.userAgent,
    details: { id: article.id, title: article.title, ...details },
  });
}

async function loadForUpdate(db: DB, table: ArticleTable, id: string): Promise<Article> {
  const existing = await getArticleById(db, table, id);
  if (!existing) throw new ServiceError("not_found", NOT_FOUND);
  return existing;
}

function staleMessage(table: ArticleTable): string {
  return `Someone else saved this ${ARTICLE_NOUN[table].one} after you opened it. Reload to see their changes, or overwrite them with yours.`;
}

export async function createArticleAs(db: DB, actor: Actor, table: ArticleTable, input: unknown): Promise<Article> {
  const value = parseArticle(input);
  return db.transaction().execute(async (trx) => {
    await assertSlugFree(trx, table, value.slug);
    const now = nowIso();
    const row = (await untyped(trx)
      .insertInto(table)
      .values({ id: crypto.randomUUID(), ...toColumns(table, value), version: 1, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow()) as ArticleRow;
    const article = toArticle(row);
    await removeRedirectFrom(trx, articlePath(table, article.slug));
    await recordRevision(trx, table, article, "created", actor);
    await audit(trx, actor, table, "created", article, { status: article.status });
    await bumpContentVersion(trx);
    return article;
  });
}

/** Writes a whole new state of an existing item, refused when `baseVersion` is not the stored one. */
async function writeArticle(
  db: DB,
  actor: Actor,
  table: ArticleTable,
  existing: Article,
  changes: Partial<ArticleInput>,
  options: { baseVersion: number; kind: RevisionKind; auditAction: string },
): Promise<Article> {
  if (existing.version !== options.baseVersion) throw new ServiceError("conflict", staleMessage(table));
  const value = parseArticle({ ...articleToInput(existing), ...changes });
  await assertSlugFree(db, table, value.slug, existing.id);
  const row = (await untyped(db)
    .updateTable(table)
    .set({ ...toColumns(table, value), version: existing.version + 1, updated_at: nowIso() })
    .where("id", "=", existing.id)
    .where("version", "=", options.baseVersion)
    .returningAll()
    .executeTakeFirst()) as ArticleRow | undefined;
  if (!row) throw new ServiceError("conflict", staleMessage(table));
  const article = toArticle(row);
  const oldPath = articlePath(table, existing.slug);
  const newPath = articlePath(table, article.slug);
  if (oldPath !== newPath && isVisible(existing)) await recordRedirect(db, oldPath, newPath, { table, id: article.id });
  else await removeRedirectFrom(db, newPath);
  await recordRevision(db, table, article, options.kind, actor);
  const changed = (["title", "slug", "body", "excerpt", "status", "publishedAt"] as const).filter(
    (f) => existing[f] !== article[f],
  );
  await audit(db, actor, table, options.auditAction, article, {
    changed,
    ...(existing.slug !== article.slug ? { previousSlug: existing.slug } : {}),
    ...(existing.status !== article.status ? { status: article.status } : {}),
  });
  await bumpContentVersion(db);
  return article;
}

/** The editor's save (or autosave) of a whole item, based on the version it loaded. */
export async function saveArticleAs(
  db: DB,
  actor: Actor,
  table: ArticleTable,
  id: string,
  input: Partial<ArticleInput>,
  options: { baseVersion: number; autosave?: boolean },
): Promise<Article> {
  return db.transaction().execute(async (trx) => {
    const existing = await loadForUpdate(trx, table, id);
    return writeArticle(trx, actor, table, existing, input, {
      baseVersion: options.baseVersion,
      kind: options.autosave ? "autosaved" : "saved",
      auditAction: options.autosave ? "autosaved" : "updated",
    });
  });
}

/** Puts back a revision's text, category, tags and SEO fields (publication stays as it is); itself a new revision. */
export async function restoreRevisionAs(
  db: DB,
  actor: Actor,
  table: ArticleTable,
  id: string,
  revisionId: string,
  baseVersion: number,
): Promise<Article> {
  return db.transaction().execute(async (trx) => {
    const existing = await loadForUpdate(trx, table, id);
    const snapshot = await revisionSnapshot(trx, table, id, revisionId);
    const { status: _status, publishedAt: _publishedAt, ...content } = snapshot;
    return writeArticle(trx, actor, table, existing, content, {
      baseVersion,
      kind: "restored",
      auditAction: "restored",
    });
  });
}

/**
 * Publish (now, or keep an earlier publication date), unpublish (back to draft) or delete
 * several items; answers how many changed. Deleting leaves a public path answering 410.
 */
export async function bulkArticlesAs(
  db: DB,
  actor: Actor,
  table: ArticleTable,
  action: BulkAction,
  ids: string[],
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let count = 0;
    for (const id of [...new Set(ids)]) {
      const existing = await getArticleById(trx, table, id);
      if (!existing) continue;
      if (action === "delete") {
        await deleteArticleRow(trx, actor, table, existing);
      } else if (action === "publish") {
        if (isVisible(existing)) continue;
        const past = existing.publishedAt && Date.parse(existing.publishedAt) <= Date.now();
        await writeArticle(
          trx,
          actor,
          table,
          existing,
          { status: "published", publishedAt: past ? existing.publishedAt : nowIso() },
          { baseVersion: existing.version, kind: "published", auditAction: "published" },
        );
      } else {
        if (existing.status === "draft") continue;
        await writeArticle(
          trx,
          actor,
          table,
          existing,
          { status: "draft" },
          { baseVersion: existing.version, kind: "unpublished", auditAction: "unpublished" },
        );
      }
      count++;
    }
    if (count) await bumpContentVersion(trx);
    return count;
  });
}

async function deleteArticleRow(db: DB, actor: Actor, table: ArticleTable, existing: Article) {
  await untyped(db).deleteFrom(table).where("id", "=", existing.id).execute();
  await markGone(db, articlePath(table, existing.slug), { table, id: existing.id }, { wasPublic: isVisible(existing) });
  await deleteRevisions(db, table, existing.id);
  await audit(db, actor, table, "deleted", existing, { status: existing.status });
}

export async function deleteArticleAs(db: DB, actor: Actor, table: ArticleTable, id: string): Promise<Article> {
  return db.transaction().execute(async (trx) => {
    const existing = await loadForUpdate(trx, table, id);
    await deleteArticleRow(trx, actor, table, existing);
    await bumpContentVersion(trx);
    return existing;
  });
}

/**
 * As-you-type check of `?slug=&id=` (articleSlugCheckSchema): the slug's format, then whether
 * another item of the table than `id` has it (409).
 */
export async function checkSlug(db: DB, table: ArticleTable, query: unknown): Promise<string> {
  const { slug, id } = parseInput(articleSlugCheckSchema, query, "Check the slug.");
  await assertSlugFree(db, table, slug, id || undefined);
  return slug;
}
