import type { DB } from "../db";
import { renderMarkdown, type Heading } from "../markdown/markdown";
import { responsiveBodyImages } from "../media/body-images";
import type { ArticleInput } from "@common/content";
import {
  createArticle,
  deleteArticle,
  publishArticle,
  unpublishArticle,
  updateArticle,
  withUnsavedChanges,
} from "./article-writes";
import { getArticleById, getVisibleArticle, listAllArticles, listVisibleArticles, type Article } from "./articles";
import { toSummary } from "./posts";

export type HelpGuide = Article;
export type GuideSummary = Omit<HelpGuide, "body">;
export type GuideInput = ArticleInput;

export interface GuideCategory {
  name: string;
  slug: string;
  guides: GuideSummary[];
}

/**
 * Visible guides grouped by category. Guides are ordered by sort order (then title);
 * a category comes where its first guide does, so staff order categories by numbering.
 */
export async function listGuideCategories(db: DB, now: Date = new Date()): Promise<GuideCategory[]> {
  const guides = await listVisibleArticles(db, "help_guides", { now, order: "sort" });
  const groups = new Map<string, GuideCategory>();
  for (const guide of guides) {
    let group = groups.get(guide.category);
    if (!group) {
      group = { name: guide.category, slug: guide.categorySlug, guides: [] };
      groups.set(guide.category, group);
    }
    group.guides.push(toSummary(guide));
  }
  return [...groups.values()];
}

export interface GuideStep {
  name: string;
  id: string;
}

export interface GuideView {
  guide: HelpGuide;
  html: string;
  headings: Heading[];
  /** Headings that read "Step N: ..." — when present the guide is a HowTo. */
  steps: GuideStep[];
  siblings: GuideSummary[];
}

export function stepsFromHeadings(headings: Heading[]): GuideStep[] {
  return headings
    .filter((h) => h.depth === 2 && /^step\s+\d+\b/i.test(h.text))
    .map((h) => ({ name: h.text.replace(/^step\s+\d+\s*[:.\-–—]\s*/i, ""), id: h.id }));
}

export async function getGuideView(db: DB, slug: string, now: Date = new Date()): Promise<GuideView | undefined> {
  const guide = await getVisibleArticle(db, "help_guides", slug, now);
  return guide ? buildGuideView(db, guide, now) : undefined;
}

/**
 * Any guide (draft, scheduled or published) as it will look on the public site: the staff
 * preview. With `changes` (the editor's unsaved values), as it will look once they are saved;
 * nothing is stored.
 */
export async function getGuidePreview(
  db: DB,
  id: string,
  changes?: object | null,
  now: Date = new Date(),
): Promise<GuideView | undefined> {
  const stored = await getArticleById(db, "help_guides", id);
  if (!stored) return undefined;
  return buildGuideView(db, changes ? withUnsavedChanges("help_guides", stored, changes) : stored, now);
}

/** The one place a guide page's data is made (public page and preview): uploaded body images come out responsive. */
async function buildGuideView(db: DB, guide: HelpGuide, now: Date): Promise<GuideView> {
  const { html: bodyHtml, headings } = renderMarkdown(guide.body);
  const [sameCategory, html] = await Promise.all([
    listVisibleArticles(db, "help_guides", { now, category: guide.category, order: "sort" }),
    responsiveBodyImages(db, bodyHtml),
  ]);
  return {
    guide,
    html,
    headings,
    steps: stepsFromHeadings(headings),
    siblings: sameCategory.filter((g) => g.id !== guide.id).map(toSummary),
  };
}

export const getPublishedGuide = (db: DB, slug: string, now?: Date) => getVisibleArticle(db, "help_guides", slug, now);
export const listPublishedGuides = (db: DB, options: { now?: Date } = {}) =>
  listVisibleArticles(db, "help_guides", { ...options, order: "sort" });

// Staff-side operations. Each bumps the content version.
export const listAllGuides = (db: DB) => listAllArticles(db, "help_guides");
export const getGuideById = (db: DB, id: string) => getArticleById(db, "help_guides", id);
export const createGuide = (db: DB, input: unknown) => createArticle(db, "help_guides", input);
export const updateGuide = (db: DB, id: string, changes: Partial<GuideInput>) =>
  updateArticle(db, "help_guides", id, changes);
export const publishGuide = (db: DB, id: string, at?: string | Date) => publishArticle(db, "help_guides", id, at);
export const unpublishGuide = (db: DB, id: string) => unpublishArticle(db, "help_guides", id);
export const deleteGuide = (db: DB, id: string) => deleteArticle(db, "help_guides", id);
