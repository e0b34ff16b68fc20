import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export type Encoding = "br" | "gzip" | "identity";

/** One rendered page, as built once per content state, in the three encodings. */
export interface CachedPage {
  /** Content version and due time it was built for (see content-state.ts). */
  version: number;
  dueAt: number | null;
  /** The CSP nonce the page's inline scripts carry; served with a CSP that names it. */
  nonce: string;
  status: number;
  headers: Array<[string, string]>;
  bodies: Record<Encoding, Buffer>;
  etags: Record<Encoding, string>;
  builtAt: number;
}

/**
 * Compresses once, off the main thread: at the highest levels (brotli 11, gzip 9), or with
 * `effort: "fast"` at levels that cost a few milliseconds (brotli 5, gzip 6) for pages that are
 * seldom read twice.
 */
export async function buildCachedPage(input: {
  version: number;
  dueAt: number | null;
  nonce: string;
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  effort?: "max" | "fast";
}): Promise<CachedPage> {
  const fast = input.effort === "fast";
  const [br, gz] = await Promise.all([
    brotli(input.body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: fast ? 5 : 11,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.body.length,
      },
    }),
    gzip(input.body, { level: fast ? 6 : 9 }),
  ]);
  const hash = crypto.createHash("sha256").update(input.body).digest("base64url").slice(0, 32);
  return {
    version: input.version,
    dueAt: input.dueAt,
    nonce: input.nonce,
    status: input.status,
    headers: input.headers,
    bodies: { br, gzip: gz, identity: input.body },
    // Strong validators, one per representation (RFC 9110 8.8.3).
    etags: { br: `"${hash}-br"`, gzip: `"${hash}-gz"`, identity: `"${hash}"` },
    builtAt: Date.now(),
  };
}

/** Brotli when the client accepts it, else gzip, else the plain bytes (q=0 refuses). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (ok("br")) return "br";
  if (ok("gzip")) return "gzip";
  return "identity";
}

/** True when If-None-Match names one of the page's validators (or is "*"). */
export function matchesIfNoneMatch(header: string | undefined, page: CachedPage): boolean {
  if (!header) return false;
  const tags = new Set(Object.values(page.etags));
  return header.split(",").some((raw) => {
    const tag = raw.trim().replace(/^W\//, "");
    return tag === "*" || tags.has(tag);
  });
}

/** A size-bounded LRU of pages (a Map keeps insertion order; a hit moves the entry to the end). */
export class PageStore {
  private readonly pages = new Map<string, CachedPage>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (page) {
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: CachedPage) {
    this.delete(key);
    const size = sizeOf(page);
    if (size > this.maxBytes) return;
    this.pages.set(key, page);
    this.bytes += size;
    for (const [oldKey] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldKey);
    }
  }

  delete(key: string) {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= sizeOf(page);
  }

  /** Drops every page built for another content version (they can never be served again). */
  dropOtherVersions(version: number) {
    for (const [key, page] of this.pages) if (page.version !== version) this.delete(key);
  }

  get size() {
    return this.pages.size;
  }
}

function sizeOf(page: CachedPage): number {
  return page.bodies.br.length + page.bodies.gzip.length + page.bodies.identity.length + 512;
}
