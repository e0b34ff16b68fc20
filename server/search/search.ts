import type MiniSearch from "minisearch";
import { nextDueAt, listVisibleArticles, type Article } from "../content/articles";
import { listPublishedFaq } from "../content/faq";
import { getContentVersion } from "../content-version/content-version";
import type { DB } from "../db";
import { markdownToText } from "../markdown/markdown";
import { log } from "../logger";
import {
  MAX_QUERY_LENGTH,
  createSearchIndex,
  highlight,
  queryTerms,
  runQuery,
  snippet,
  type SearchDoc,
  type SearchDocType,
  type Segment,
} from "./engine";

/**
 * Site search over posts, guides and FAQ items, in process. The index is built from what
 * is public and remembers the content version it was built from and the time the next
 * scheduled item comes due. Before answering, the content version is read from the
 * database (one indexed row): a change made by this or any other instance, or a
 * scheduled item reaching its time, triggers a rebuild. Results are also filtered by
 * publication time at query time.
 */
interface IndexState {
  version: number;
  dueAt: number | null;
  builtAt: number;
  index: MiniSearch<SearchDoc>;
  docs: Map<string, SearchDoc>;
}

const states = new WeakMap<DB, IndexState>();
const builds = new WeakMap<DB, Promise<IndexState>>();

export const TYPE_LABELS: Record<SearchDocType, string> = { post: "Article", guide: "Guide", faq: "FAQ" };

function articleDoc(type: "post" | "guide", a: Article): SearchDoc {
  const text = markdownToText(a.body);
  const headings = [...a.body.matchAll(/^#{1,4}\s+(.+)$/gm)].map((m) => m[1]!.replace(/[*_`#]/g, "")).join(" · ");
  return {
    id: `${type}:${a.slug}`,
    type,
    url: type === "post" ? `/resources/blog/${a.slug}` : `/resources/guides/${a.slug}`,
    title: a.title,
    excerpt: a.excerpt,
    category: a.category,
    tags: a.tags.join(" "),
    headings,
    text,
    publishedAt: a.publishedAt,
  };
}

async function buildState(db: DB, version: number): Promise<IndexState> {
  const started = performance.now();
  const now = new Date();
  const [posts, guides, faq, postsDue, guidesDue] = await Promise.all([
    listVisibleArticles(db, "blog_posts", { now }),
    listVisibleArticles(db, "help_guides", { now, order: "sort" }),
    listPublishedFaq(db),
    nextDueAt(db, "blog_posts", now),
    nextDueAt(db, "help_guides", now),
  ]);
  const docs: SearchDoc[] = [
    ...posts.map((p) => articleDoc("post", p)),
    ...guides.map((g) => articleDoc("guide", g)),
    ...faq.map((f) => ({
      id: `faq:${f.slug}`,
      type: "faq" as const,
      url: `/resources/faq#${f.slug}`,
      title: f.question,
      excerpt: "",
      category: f.category,
      tags: "",
      headings: "",
      text: markdownToText(f.answer),
      publishedAt: null,
    })),
  ];
  const dues = [postsDue, guidesDue].filter((d): d is string => Boolean(d)).map((d) => Date.parse(d));
  const state: IndexState = {
    version,
    dueAt: dues.length ? Math.min(...dues) : null,
    builtAt: Date.now(),
    index: createSearchIndex(docs),
    docs: new Map(docs.map((d) => [d.id, d])),
  };
  log.info("search index built", { documents: docs.length, version, ms: Math.round(performance.now() - started) });
  return state;
}

function isFresh(state: IndexState | undefined, version: number, now: number): state is IndexState {
  return Boolean(state && state.version === version && (state.dueAt === null || now < state.dueAt));
}

/** The current index for this database, rebuilt when stale (one build at a time). */
export async function getSearchIndex(db: DB): Promise<IndexState> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const version = await getContentVersion(db);
    const current = states.get(db);
    if (isFresh(current, version, Date.now())) return current;
    let build = builds.get(db);
    if (!build) {
      build = buildState(db, version).finally(() => builds.delete(db));
      builds.set(db, build);
    }
    const state = await build;
    if (!states.get(db) || states.get(db)!.builtAt <= state.builtAt) states.set(db, state);
    if (isFresh(state, version, Date.now())) return state;
  }
  return states.get(db)!;
}

export interface SearchHit {
  id: string;
  type: SearchDocType;
  typeLabel: string;
  url: string;
  title: Segment[];
  snippet: Segment[];
  category: string;
  publishedAt: string | null;
  score: number;
}

export interface SearchResponse {
  query: string;
  hits: SearchHit[];
  total: number;
  /** A corrected query when nothing matched and the index knows something close. */
  suggestion: string | null;
}

export const SEARCH_RESULT_LIMIT = 30;

/**
 * The query as searched and shown: trimmed, inner whitespace collapsed, at most MAX_QUERY_LENGTH
 * characters. Two queries that normalise alike get the same results page (the page cache keys
 * search pages by it).
 */
export function normaliseSearchQuery(rawQuery: string): string {
  return rawQuery.trim().replace(/\s+/g, " ").slice(0, MAX_QUERY_LENGTH);
}

export async function searchContent(db: DB, rawQuery: string, limit = SEARCH_RESULT_LIMIT): Promise<SearchResponse> {
  const query = normaliseSearchQuery(rawQuery);
  if (!queryTerms(query).length) return { query, hits: [], total: 0, suggestion: null };
  const state = await getSearchIndex(db);
  const now = Date.now();
  const results = runQuery(state.index, query).filter((r) => {
    const at = r.publishedAt as string | null;
    return !at || Date.parse(at) <= now;
  });
  const hits: SearchHit[] = [];
  for (const r of results.slice(0, limit)) {
    const doc = state.docs.get(String(r.id));
    if (!doc) continue;
    const terms = [...r.terms, ...r.queryTerms];
    hits.push({
      id: doc.id,
      type: doc.type,
      typeLabel: TYPE_LABELS[doc.type],
      url: doc.url,
      title: highlight(doc.title, terms),
      snippet: snippet(doc.text, terms, doc.excerpt || doc.text),
      category: doc.category,
      publishedAt: doc.publishedAt,
      score: Math.round(r.score * 1000) / 1000,
    });
  }
  let suggestion: string | null = null;
  if (!hits.length) {
    const best = state.index.autoSuggest(query, { fuzzy: 0.34, prefix: true })[0];
    if (best && best.suggestion.toLowerCase() !== query.toLowerCase()) suggestion = best.suggestion;
  }
  return { query, hits, total: results.length, suggestion };
}
