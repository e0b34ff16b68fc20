import type { NextFunction, Request, Response } from "express";
import type { DB } from "../../db";
import { log } from "../../logger";
import { contentSecurityPolicy, setSecurityHeaders } from "../security-headers";
import { ContentStateReader, type ContentSource, type ContentState } from "./content-state";
import { buildCachedPage, chooseEncoding, matchesIfNoneMatch, PageStore, type CachedPage } from "./store";

/**
 * The page cache (decision 0016): anonymous GET and HEAD requests for public pages are answered
 * from a rendered copy built once per content state, precompressed, with a strong ETag.
 */

/** What a CDN or reverse proxy may do with a cached public page: hold it a minute, then revalidate. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=30";
/** Everything rendered for a signed-in person, or bypassing the cache for another reason. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-|__Host-)?meritum\./;
/** `/proposals/`: one merchant's proposal (decision 0043), never cached, its views counted. */
const PRIVATE_PREFIXES = ["/admin", "/login", "/logout", "/api/", "/preview", "/proposals/"];
/** Response headers the cache sets itself, or never replays. */
const OWN_HEADERS = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "date",
  "etag",
  "cache-control",
  "vary",
  "content-security-policy",
]);

export type Renderer = (request: globalThis.Request, res: Response) => Promise<globalThis.Response>;

export interface PageCacheOptions {
  db: () => DB;
  /** What a cached page depends on (server/app/page-cache-content.ts). */
  content: ContentSource;
  render: Renderer;
  enabled: boolean;
  /** Hits are answered ahead of the security-headers middleware, so they set those headers themselves. */
  isProduction: boolean;
  /** Upper bound of the memory the cached pages take (all three encodings). */
  maxBytes?: number;
  /** Pages cached per normalised value of one query parameter (the search results page). */
  queryPages?: QueryPage[];
  /** Upper bound of the memory those take, apart from the rest, so that a flood of distinct queries cannot push the site's pages out. */
  queryMaxBytes?: number;
}

/**
 * A page whose content depends on one query parameter only, through `normalise`: requests whose
 * values normalise alike share one entry (`?q=%20Fees` and `?q=Fees&utm_source=x` are one page).
 */
export interface QueryPage {
  path: string;
  param: string;
  normalise: (value: string) => string;
}

/** True when the request carries a staff session cookie (a signed-in person, not an anonymous visitor). */
export function hasSessionCookie(cookie: string | undefined): boolean {
  return !!cookie && SESSION_COOKIE.test(cookie);
}

/** Why a request is not answered from the cache, or null when it may be. */
export function bypassReason(req: Request): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return "method";
  if (hasSessionCookie(req.headers.cookie)) return "session";
  const p = req.path;
  if (PRIVATE_PREFIXES.some((prefix) => p === prefix.replace(/\/$/, "") || p.startsWith(prefix))) return "private";
  // Client-side navigations fetch route data (`.data`), not documents.
  if (p.endsWith(".data")) return "data";
  const query = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?") + 1) : "";
  if (/(?:^|&)preview(?:=|&|$)/.test(query)) return "preview";
  return null;
}

/** The URL a page was requested at, as React Router sees it. */
function requestUrl(req: Request): string {
  const host = req.get("host") || "localhost";
  return `${req.protocol}://${host}${req.originalUrl}`;
}

/** The cache key of a query page: its path and the normalised value of its parameter, nothing else. */
function queryPageKey(req: Request, page: QueryPage): string {
  const at = req.originalUrl.indexOf("?");
  const value = at < 0 ? "" : (new URLSearchParams(req.originalUrl.slice(at + 1)).get(page.param) ?? "");
  const host = req.get("host") || "localhost";
  return `${req.protocol}://${host}${req.path}?${page.param}=${encodeURIComponent(page.normalise(value))}`;
}

function renderRequest(req: Request): globalThis.Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined || key === "cookie" || key.startsWith("if-")) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  // A HEAD fills the cache like a GET; only the answer leaves the body out.
  return new Request(requestUrl(req), { method: "GET", headers });
}

type BuildResult = { page: CachedPage } | { uncacheable: globalThis.Response };

function isCacheable(response: globalThis.Response): boolean {
  if (response.status !== 200) return false;
  if (!response.headers.get("content-type")?.startsWith("text/html")) return false;
  if (response.headers.has("set-cookie")) return false;
  const cacheControl = response.headers.get("cache-control") ?? "";
  return !/no-store|private/.test(cacheControl);
}

/**
 * Two middlewares over one cache: `hits` answers from the cache only (mount it early, ahead of
 * static files and compression, so a hit costs little), `pages` also renders and fills it (mount
 * it where pages are rendered).
 */
export function pageCache(options: PageCacheOptions) {
  const store = new PageStore(options.maxBytes ?? 64 * 1024 * 1024);
  const queryStore = new PageStore(options.queryMaxBytes ?? 16 * 1024 * 1024);
  const queryPages = new Map((options.queryPages ?? []).map((page) => [page.path, page]));

  /** Where a request's page is kept: query pages by their normalised parameter, in their own store. */
  const slot = (req: Request): { key: string; store: PageStore; query: boolean } => {
    const queryPage = queryPages.get(req.path);
    if (queryPage) return { key: queryPageKey(req, queryPage), store: queryStore, query: true };
    return { key: requestUrl(req), store, query: false };
  };
  const readers = new WeakMap<DB, ContentStateReader>();
  const builds = new Map<string, Promise<BuildResult>>();
  let lastVersion = -1;

  const reader = () => {
    const db = options.db();
    let r = readers.get(db);
    if (!r) readers.set(db, (r = new ContentStateReader(db, options.content)));
    return r;
  };

  async function build(
    req: Request,
    res: Response,
    { key, store, query }: ReturnType<typeof slot>,
    state: ContentState,
  ): Promise<BuildResult> {
    const response = await options.render(renderRequest(req), res);
    if (!isCacheable(response)) return { uncacheable: response };
    const body = Buffer.from(await response.arrayBuffer());
    const headers: Array<[string, string]> = [];
    response.headers.forEach((value, name) => {
      if (!OWN_HEADERS.has(name.toLowerCase())) headers.push([name, value]);
    });
    const page = await buildCachedPage({
      version: state.version,
      dueAt: state.dueAt,
      nonce: res.locals.nonce as string,
      status: response.status,
      headers,
      body,
      // Few searches repeat as often as a page is read: compress them at fast levels.
      effort: query ? "fast" : "max",
    });
    store.set(key, page);
    return { page };
  }

  async function serveHit(req: Request, res: Response, next: NextFunction) {
    try {
      const state = await reader().current();
      const { key, store } = slot(req);
      const cached = store.get(key);
      if (cached && cached.version === state.version && cached.dueAt === state.dueAt) {
        return send(req, res, cached, "hit", options.isProduction);
      }
    } catch (err) {
      log.error("page cache lookup failed", { err });
    }
    next();
  }

  // Synchronous for everything the cache never answers (files, posts, APIs): no promise, no
  // extra turn of the event loop for requests that are not pages.
  function hits(req: Request, res: Response, next: NextFunction) {
    // Files (favicon, assets) have an extension; pages do not.
    if (!options.enabled || /\.[^/]*$/.test(req.path) || bypassReason(req)) return next();
    void serveHit(req, res, next);
  }

  async function pages(req: Request, res: Response, next: NextFunction) {
    const reason = options.enabled ? bypassReason(req) : "disabled";
    if (reason) {
      // Admin and sign-in pages already say no-store; other pages rendered for a person say private.
      if ((reason === "session" || reason === "preview") && !res.getHeader("Cache-Control")) {
        res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
      }
      return next();
    }
    try {
      const state = await reader().current();
      if (state.version !== lastVersion) {
        store.dropOtherVersions(state.version);
        queryStore.dropOtherVersions(state.version);
        lastVersion = state.version;
      }
      const where = slot(req);
      const { key } = where;
      const cached = where.store.get(key);
      if (cached && cached.version === state.version && cached.dueAt === state.dueAt) {
        return send(req, res, cached, "hit", options.isProduction);
      }
      let pending = builds.get(key);
      const builder = !pending;
      if (!pending) {
        pending = build(req, res, where, state).finally(() => builds.delete(key));
        builds.set(key, pending);
      }
      const result = await pending;
      if ("page" in result) return send(req, res, result.page, builder ? "miss" : "hit", options.isProduction);
      if (!builder) return next(); // another request's answer (maybe with its cookies): render our own
      await sendUncached(res, result.uncacheable, req.method === "HEAD");
    } catch (err) {
      log.error("page cache failed; rendering without it", { err });
      if (!res.headersSent) return next();
    }
  }

  return { hits, pages };
}

function send(req: Request, res: Response, page: CachedPage, outcome: "hit" | "miss", isProduction: boolean) {
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  // The policy of the nonce the page was rendered with (decision 0016).
  // A hit is an anonymous public page: no Cross-Origin-Opener-Policy (decision 0039).
  setSecurityHeaders(res, contentSecurityPolicy(page.nonce, false), isProduction, false);
  res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("ETag", page.etags[encoding]);
  res.setHeader("X-Page-Cache", outcome);
  if (matchesIfNoneMatch(req.headers["if-none-match"], page)) {
    res.removeHeader("Content-Type");
    res.status(304).end();
    return;
  }
  const body = page.bodies[encoding];
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(body.length));
  res.status(page.status);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

/** A page that may not be cached (a 404, a redirect, one that sets a cookie): sent as rendered. */
async function sendUncached(res: Response, response: globalThis.Response, head: boolean) {
  res.status(response.status);
  response.headers.forEach((value, name) => {
    if (name.toLowerCase() !== "set-cookie") res.append(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
  if (!res.getHeader("Cache-Control")) res.setHeader("Cache-Control", "no-cache");
  res.setHeader("X-Page-Cache", "bypass");
  const body = Buffer.from(await response.arrayBuffer());
  if (head) res.end();
  else res.end(body);
}
