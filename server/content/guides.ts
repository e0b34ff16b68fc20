import type { DB } from "../db";
import type { Heading } from "../markdown/markdown";
import { listVisibleArticles, toSummary, type Article } from "./articles";

/** The help guides: grouped by category, and what a guide's page shows beside its body. */

export type HelpGuide = Article;
export type GuideSummary = Omit<HelpGuide, "body">;

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

/** What a guide's page shows beside its body: its steps (a HowTo) and the other guides of its category. */
export interface GuideParts {
  kind: "guide";
  /** Headings that read "Step N: ..." — when present the guide is a HowTo. */
  steps: GuideStep[];
  siblings: GuideSummary[];
}

export function stepsFromHeadings(headings: Heading[]): GuideStep[] {
  return headings
    .filter((h) => h.depth === 2 && /^step\s+\d+\b/i.test(h.text))
    .map((h) => ({ name: h.text.replace(/^step\s+\d+\s*[:.\-–—]\s*/i, ""), id: h.id }));
}

/** A guide page's parts (see article-views.ts, which renders the body). */
export async function guideParts(db: DB, guide: HelpGuide, headings: Heading[], now: Date): Promise<GuideParts> {
  const sameCategory = await listVisibleArticles(db, "help_guides", { now, category: guide.category, order: "sort" });
  return {
    kind: "guide",
    steps: stepsFromHeadings(headings),
    siblings: sameCategory.filter((g) => g.id !== guide.id).map(toSummary),
  };
}
