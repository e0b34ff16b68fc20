import express from "express";
import {
  articleBulkSchema,
  articleListQuerySchema,
  articleSaveMetaSchema,
  type ArticleInput,
  type ContentStatus,
} from "@common/content";
import { ARTICLE_LIMITS } from "@common/limits";
import { parseInput, ServiceError } from "@common/result";
import { apiActor, apiSession } from "../auth/express";
import { getDb } from "../db";
import { sendSuccess } from "../http/api-errors";
import { listArticlesForAdmin, effectiveStatus, type AdminArticlePage } from "./admin-list";
import { getArticleById, type Article, type ArticleTable } from "./articles";
import {
  ARTICLE_NOUN,
  bulkArticlesAs,
  checkSlug,
  createArticleAs,
  deleteArticleAs,
  restoreRevisionAs,
  saveArticleAs,
} from "./editor";
import { markdownPreview } from "./preview";
import { articlePath, previewPath } from "./redirects";
import { diffRevision, listRevisions, type RevisionDiff, type RevisionSummary } from "./revisions";

/**
 * /api/admin/blog-posts and /api/admin/help-guides (the "content" permission, checked when
 * mounted): the list, one item, create, save (with the version it was based on: a stale
 * save answers 409), the as-you-type slug check (409 when taken), the Markdown preview
 * (the public renderer, so the admin bundle carries no Markdown code), bulk publish /
 * unpublish / delete, and revisions with their diff and restore. Every write is audited
 * and bumps the content version (server/content/editor.ts).
 */
export type ArticleListResponse = AdminArticlePage;

/** GET /api/admin/<kind>/:id */
export interface ArticleResponse {
  item: Article & { effectiveStatus: ContentStatus; publicPath: string | null; previewPath: string };
}

export interface RevisionsResponse {
  revisions: RevisionSummary[];
}

export type RevisionDiffResponse = RevisionDiff;

export interface SavedArticle {
  id: string;
  version: number;
  slug: string;
  status: ContentStatus;
  updatedAt: string;
}

function itemResponse(table: ArticleTable, article: Article): ArticleResponse {
  const status = effectiveStatus({ status: article.status, published_at: article.publishedAt }, new Date());
  return {
    item: {
      ...article,
      effectiveStatus: status,
      publicPath: status === "published" ? articlePath(table, article.slug) : null,
      previewPath: previewPath(table, article.id),
    },
  };
}

function saved(article: Article): SavedArticle {
  const status = effectiveStatus({ status: article.status, published_at: article.publishedAt }, new Date());
  return { id: article.id, version: article.version, slug: article.slug, status, updatedAt: article.updatedAt };
}

function statusMessage(table: ArticleTable, article: Article, created: boolean): string {
  const noun = ARTICLE_NOUN[table].one;
  const status = saved(article).status;
  if (status === "draft") return created ? "Draft created." : "Draft saved.";
  if (status === "scheduled") return `${noun[0]!.toUpperCase()}${noun.slice(1)} scheduled.`;
  return created ? `${noun[0]!.toUpperCase()}${noun.slice(1)} published.` : "Changes published.";
}

function bodyObject(req: express.Request): Record<string, unknown> {
  return req.body && typeof req.body === "object" && !Array.isArray(req.body) ? req.body : {};
}

export function articlesApi(table: ArticleTable) {
  return () => {
    const router = express.Router();
    const noun = ARTICLE_NOUN[table];

    router.get("/", async (req, res) => {
      const query = parseInput(articleListQuerySchema, req.query, "Check the list's filters.");
      const body: ArticleListResponse = await listArticlesForAdmin(getDb(), table, query);
      res.json(body);
    });

    router.get("/slug-check", async (req, res) => {
      const slug = await checkSlug(getDb(), table, req.query);
      res.json({ available: true, slug });
    });

    router.post("/preview", markdownPreview(ARTICLE_LIMITS.body));

    router.post("/bulk", async (req, res) => {
      const { action, ids } = parseInput(articleBulkSchema, req.body);
      const count = await bulkArticlesAs(getDb(), apiActor(req, res), table, action, ids);
      const done = { publish: "published", unpublish: "moved to drafts", delete: "deleted" }[action];
      sendSuccess(res, {
        message: count
          ? `${count} ${count === 1 ? noun.one : noun.many} ${done}.`
          : `Nothing to change: the chosen ${noun.many} were already ${action === "delete" ? "gone" : done}.`,
        data: { count },
      });
    });

    router.post("/", async (req, res) => {
      const { user } = apiSession(res);
      // The author is whoever creates it: an authorUserId in the body is not taken.
      const input = { authorName: user.name, ...bodyObject(req), authorUserId: user.id };
      const article = await createArticleAs(getDb(), apiActor(req, res), table, input);
      sendSuccess(res, { message: statusMessage(table, article, true), data: saved(article) }, 201);
    });

    router.get("/:id", async (req, res) => {
      const article = await getArticleById(getDb(), table, req.params.id);
      if (!article) throw new ServiceError("not_found", `That ${noun.one} no longer exists.`);
      res.json(itemResponse(table, article));
    });

    router.put("/:id", async (req, res) => {
      // The author's id stays as created (from the session); one in the body is not taken.
      const { baseVersion, autosave, authorUserId: _author, ...input } = bodyObject(req);
      const meta = parseInput(articleSaveMetaSchema, { baseVersion, autosave });
      const article = await saveArticleAs(
        getDb(),
        apiActor(req, res),
        table,
        req.params.id,
        input as Partial<ArticleInput>,
        meta,
      );
      sendSuccess(res, {
        message: meta.autosave ? "Saved." : statusMessage(table, article, false),
        data: saved(article),
      });
    });

    router.delete("/:id", async (req, res) => {
      const article = await deleteArticleAs(getDb(), apiActor(req, res), table, req.params.id);
      sendSuccess(res, { message: `“${article.title}” deleted.` });
    });

    router.get("/:id/revisions", async (req, res) => {
      const body: RevisionsResponse = { revisions: await listRevisions(getDb(), table, req.params.id) };
      res.json(body);
    });

    router.get("/:id/revisions/:revisionId", async (req, res) => {
      const current = await getArticleById(getDb(), table, req.params.id);
      if (!current) throw new ServiceError("not_found", `That ${noun.one} no longer exists.`);
      const body: RevisionDiffResponse = await diffRevision(getDb(), table, current, req.params.revisionId);
      res.json(body);
    });

    router.post("/:id/revisions/:revisionId/restore", async (req, res) => {
      const { baseVersion } = parseInput(articleSaveMetaSchema, { baseVersion: bodyObject(req).baseVersion });
      const article = await restoreRevisionAs(
        getDb(),
        apiActor(req, res),
        table,
        req.params.id,
        req.params.revisionId,
        baseVersion,
      );
      sendSuccess(res, { message: "Revision restored.", data: saved(article) });
    });

    return router;
  };
}
