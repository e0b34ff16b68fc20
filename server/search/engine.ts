import MiniSearch, { type SearchResult as MiniResult } from "minisearch";

/**
 * The search index configuration, shared by the site (search.ts) and the benchmark
 * (scripts/bench-search.mjs) so the figures measure the real setup.
 */
export type SearchDocType = "post" | "guide" | "faq";

export interface SearchDoc {
  id: string;
  type: SearchDocType;
  url: string;
  title: string;
  excerpt: string;
  category: string;
  tags: string;
  headings: string;
  /** Plain text of the body (sanitised Markdown → text). */
  text: string;
  /** ISO time the item became public (null for FAQ items, which have no date). */
  publishedAt: string | null;
}

/** Prefix matching starts at this many characters ("char" does not expand to every word). */
export const MIN_PREFIX_LENGTH = 4;
/** Typo tolerance starts at this length; 0.2 of the term length, at most 2 edits. */
export const MIN_FUZZY_LENGTH = 5;
export const MAX_QUERY_LENGTH = 200;

const STOP_WORDS = new Set(
  [
    "a an and are as at be but by can do does for from has have how i if in into is it its me my of on or our so",
    "that the their them then there these they this to was we what when where which who why will with you your",
  ]
    .join(" ")
    .split(" "),
);

export function processTerm(term: string): string | null {
  const t = term.toLowerCase();
  return t.length < 2 && !/\d/.test(t) ? null : STOP_WORDS.has(t) ? null : t;
}

export const searchOptions = {
  boost: { title: 4, tags: 3, headings: 2, excerpt: 1.5, text: 1 },
  prefix: (term: string) => term.length >= MIN_PREFIX_LENGTH,
  fuzzy: (term: string) => (term.length >= MIN_FUZZY_LENGTH ? 0.2 : false),
  maxFuzzy: 2,
};

export function createSearchIndex(docs: SearchDoc[] = []): MiniSearch<SearchDoc> {
  const index = new MiniSearch<SearchDoc>({
    fields: ["title", "tags", "headings", "excerpt", "text"],
    storeFields: ["type", "publishedAt"],
    processTerm,
    searchOptions: { ...searchOptions, processTerm },
    autoSuggestOptions: { ...searchOptions, processTerm, combineWith: "AND" },
  });
  if (docs.length) index.addAll(docs);
  return index;
}

/** Query terms after the same processing the index uses (empty: nothing to search for). */
export function queryTerms(query: string): string[] {
  return query
    .slice(0, MAX_QUERY_LENGTH)
    .split(/[\n\r\p{Z}\p{P}]+/u)
    .map((t) => processTerm(t))
    .filter((t): t is string => Boolean(t));
}

/**
 * Ranked matches: every term must match (exactly, by prefix or within the typo
 * allowance); when that finds nothing, any term may match.
 */
export function runQuery(index: MiniSearch<SearchDoc>, query: string): MiniResult[] {
  const q = query.slice(0, MAX_QUERY_LENGTH);
  if (!queryTerms(q).length) return [];
  const all = index.search(q, { combineWith: "AND" });
  return all.length ? all : index.search(q, { combineWith: "OR" });
}

export interface Segment {
  text: string;
  mark?: boolean;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A regex matching whole words that are one of `terms` (the matched document terms). */
function termsPattern(terms: string[]): RegExp | null {
  const unique = [...new Set(terms.filter(Boolean))].sort((a, b) => b.length - a.length);
  if (!unique.length) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}])(${unique.map(escapeRegExp).join("|")})(?![\\p{L}\\p{N}])`, "giu");
}

/** Splits text into plain and highlighted segments (rendered as text nodes and <mark>). */
export function highlight(text: string, terms: string[]): Segment[] {
  const pattern = termsPattern(terms);
  if (!pattern) return [{ text }];
  const out: Segment[] = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    const start = m.index ?? 0;
    if (start > last) out.push({ text: text.slice(last, start) });
    out.push({ text: m[0], mark: true });
    last = start + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}

/**
 * About `length` characters of `text` around the first matched word, cut at word
 * boundaries, with the matched words highlighted. Falls back to `fallback` (the excerpt)
 * when the match was only in the title or tags.
 */
export function snippet(text: string, terms: string[], fallback: string, length = 220): Segment[] {
  const pattern = termsPattern(terms);
  const first = pattern ? pattern.exec(text) : null;
  let source = fallback;
  if (first) {
    let start = Math.max(0, first.index - Math.floor(length / 3));
    if (start > 0) {
      const space = text.indexOf(" ", start);
      start = space >= 0 && space < first.index ? space + 1 : start;
    }
    let end = Math.min(text.length, start + length);
    if (end < text.length) {
      const space = text.lastIndexOf(" ", end);
      end = space > first.index ? space : end;
    }
    source = `${start > 0 ? "… " : ""}${text.slice(start, end)}${end < text.length ? " …" : ""}`;
  } else if (source.length > length) {
    const space = source.lastIndexOf(" ", length);
    source = `${source.slice(0, space > 0 ? space : length)} …`;
  }
  return highlight(source, terms);
}
