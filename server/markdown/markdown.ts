import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { slugify } from "@common/slug";

export interface Heading {
  depth: number;
  text: string;
  id: string;
}

export interface RenderedMarkdown {
  html: string;
  headings: Heading[];
}

/** What rendered Markdown may contain: text formatting, links, images, tables. Nothing executable. */
const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "strong",
    "em",
    "del",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    h2: ["id"],
    h3: ["id"],
    h4: ["id"],
    th: ["align"],
    td: ["align"],
    ol: ["start"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // h1 belongs to the page; demote any in the body.
    h1: "h2",
    a: (tagName, attribs) => {
      // Checked on the trimmed address (" https://x" is external too); a link that is not
      // external keeps no target or rel of its own, so no target=_blank goes without its rel.
      const { target: _target, rel: _rel, ...rest } = attribs;
      if (rest.href !== undefined) rest.href = rest.href.trim();
      const external = /^https?:\/\//i.test(rest.href ?? "");
      return { tagName, attribs: external ? { ...rest, rel: "noopener noreferrer", target: "_blank" } : rest };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy" } }),
    h2: headingIds,
    h3: headingIds,
    h4: headingIds,
  },
};

/**
 * Heading ids live in their own namespace ("h-…"), so no heading in an article can take an id
 * the page itself uses (e.g. "main", "toc-heading"); ids written in raw HTML are dropped
 * unless they are in that namespace.
 */
export const HEADING_ID_PREFIX = "h-";
function headingIds(tagName: string, attribs: sanitizeHtml.Attributes) {
  const { id, ...rest } = attribs;
  return { tagName, attribs: id && /^h-[a-z0-9-]+$/.test(id) ? { ...rest, id } : rest };
}

/** Decodes the entities sanitize-html leaves in plain text. */
function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/** Removes everything that could execute or load active content from an HTML string. */
export function sanitize(html: string): string {
  return sanitizeHtml(html, sanitizeOptions);
}

/**
 * Markdown to safe HTML. Headings get stable ids (for a table of contents and anchor
 * links); raw HTML in the source passes through the sanitiser like everything else.
 */
export function renderMarkdown(source: string): RenderedMarkdown {
  const headings: Heading[] = [];
  const used = new Map<string, number>();
  const marked = new Marked({ gfm: true, breaks: false });
  marked.use({
    renderer: {
      heading({ tokens, depth }) {
        const text = this.parser.parseInline(tokens);
        const plain = decodeEntities(sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} }));
        const base = slugify(plain) || "section";
        const n = used.get(base) ?? 0;
        used.set(base, n + 1);
        const id = `${HEADING_ID_PREFIX}${n ? `${base}-${n + 1}` : base}`;
        const level = Math.min(Math.max(depth, 2), 4);
        headings.push({ depth: level, text: plain, id });
        return `<h${level} id="${id}">${text}</h${level}>\n`;
      },
    },
  });
  const raw = marked.parse(source, { async: false }) as string;
  return { html: sanitize(raw), headings };
}

/** Plain text of a Markdown document (for excerpts, search and reading time). */
export function markdownToText(source: string): string {
  const html = new Marked({ gfm: true }).parse(source, { async: false }) as string;
  return decodeEntities(sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }))
    .replace(/\s+/g, " ")
    .trim();
}

/** Minutes to read at 225 words a minute, at least 1. */
export function readingMinutes(source: string): number {
  const words = markdownToText(source).split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 225));
}
