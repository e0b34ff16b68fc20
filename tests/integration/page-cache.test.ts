import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createArticleAs, saveArticleAs } from "@server/content/editor";
import { updateSiteSettings } from "@server/settings/settings";
import { createStaff, signIn } from "../support/auth";
import { dbKinds } from "../support/db";
import { testEditor } from "../support/resources";
import { startTestServer, type TestServer } from "../support/server";

const HOME = "/";
const POST = "/resources/blog/how-to-read-a-merchant-statement";

interface Fetched {
  status: number;
  headers: Headers;
  /** The body as sent (still compressed). */
  raw: Buffer;
  /** The body decoded. */
  html: string;
}

/** A GET or HEAD with exactly the headers given (fetch would add Accept-Encoding and decode). */
async function request(
  server: TestServer,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<Fetched> {
  const http = await import("node:http");
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"];
        const decoded = !raw.length
          ? raw
          : encoding === "br"
            ? zlib.brotliDecompressSync(raw)
            : encoding === "gzip"
              ? zlib.gunzipSync(raw)
              : raw;
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === "string") h.set(k, v);
        resolve({ status: res.statusCode ?? 0, headers: h, raw, html: decoded.toString("utf8") });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

function cspNonce(headers: Headers): string {
  const nonce = /'nonce-([^']+)'/.exec(headers.get("content-security-policy") ?? "")?.[1];
  if (!nonce) throw new Error("no nonce in the CSP");
  return nonce;
}

/** Every inline or external script in the page carries the CSP's nonce. */
function expectScriptsCarry(html: string, nonce: string) {
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
  expect(scripts.length).toBeGreaterThan(0);
  for (const attrs of scripts) {
    if (/type="application\/ld\+json"/.test(attrs)) continue; // data, not script
    expect(attrs).toContain(`nonce="${nonce}"`);
  }
}

const withoutNonce = (html: string, nonce: string) => html.split(nonce).join("NONCE");

describe.each(dbKinds())("page cache on %s", (kind) => {
  let server: TestServer;
  let second: TestServer | undefined;
  let cookie: string;

  beforeAll(async () => {
    server = await startTestServer({ db: kind });
    await createStaff(server, "editor@meritum.test", "editor");
    cookie = await signIn(server, "editor@meritum.test");
  });
  afterAll(async () => {
    await second?.stop();
    await server?.stop();
  });

  it("answers a repeat anonymous request from the cache, byte-identical to a fresh render apart from the nonce", async () => {
    const first = await request(server, POST, { "accept-encoding": "br" });
    expect(first.status).toBe(200);
    expect(["miss", "hit"]).toContain(first.headers.get("x-page-cache"));
    const cached = await request(server, POST, { "accept-encoding": "br" });
    expect(cached.headers.get("x-page-cache")).toBe("hit");
    expect(cached.headers.get("content-encoding")).toBe("br");
    expect(cached.headers.get("vary")).toBe("Accept-Encoding");
    expect(cached.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=30");
    expect(cached.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]+-br"$/);
    expect(Number(cached.headers.get("content-length"))).toBe(cached.raw.length);

    // The CSP stays strict: the cached page's scripts carry the nonce its CSP names.
    const csp = cached.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(/script-src [^;]*/.exec(csp)?.[0]).not.toContain("unsafe-inline");
    const nonce = cspNonce(cached.headers);
    expectScriptsCarry(cached.html, nonce);

    // A request with a (stale) session cookie bypasses the cache and renders afresh.
    const fresh = await request(server, POST, { "accept-encoding": "identity", cookie: "meritum.session_token=stale" });
    expect(fresh.headers.get("x-page-cache")).toBeNull();
    const freshNonce = cspNonce(fresh.headers);
    expect(freshNonce).not.toBe(nonce);
    expectScriptsCarry(fresh.html, freshNonce);
    expect(withoutNonce(cached.html, nonce)).toBe(withoutNonce(fresh.html, freshNonce));

    // A hit is answered ahead of the security-headers middleware and sets the same headers itself.
    const securityHeaders = (headers: Headers) =>
      [
        "x-content-type-options",
        "referrer-policy",
        "x-frame-options",
        "permissions-policy",
        "strict-transport-security",
      ].map((name) => [name, headers.get(name)]);
    expect(securityHeaders(cached.headers)).toEqual(securityHeaders(fresh.headers));
    expect(securityHeaders(cached.headers).every(([, value]) => value)).toBe(true);
    // Cross-Origin-Opener-Policy: on whatever is rendered for a session (here a stale one), the
    // admin area and sign-in, not on public pages for anonymous visitors (decision 0039).
    expect(cached.headers.get("cross-origin-opener-policy")).toBeNull();
    expect(fresh.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    for (const path of ["/login", "/admin", "/admin/password-reset", "/api/form-token"]) {
      expect((await request(server, path)).headers.get("cross-origin-opener-policy"), path).toBe("same-origin");
    }
    expect(csp.split(nonce).join("NONCE")).toBe(
      fresh.headers.get("content-security-policy")!.split(freshNonce).join("NONCE"),
    );
    expect(cached.headers.get("x-request-id")).toBeTruthy();
  });

  it("serves brotli, gzip or plain bytes by Accept-Encoding, each with its own strong ETag", async () => {
    const br = await request(server, HOME, { "accept-encoding": "gzip, deflate, br" });
    const gz = await request(server, HOME, { "accept-encoding": "gzip" });
    const plain = await request(server, HOME, {});
    const refusesBr = await request(server, HOME, { "accept-encoding": "br;q=0, gzip" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(refusesBr.headers.get("content-encoding")).toBe("gzip");
    expect(gz.html).toBe(br.html);
    expect(plain.html).toBe(br.html);
    expect(br.raw.length).toBeLessThan(gz.raw.length);
    expect(new Set([br, gz, plain].map((r) => r.headers.get("etag"))).size).toBe(3);
  });

  it("answers 304 to If-None-Match with the current ETag, and 200 with a new one after an edit", async () => {
    const page = await request(server, HOME, { "accept-encoding": "gzip" });
    const etag = page.headers.get("etag")!;
    const again = await request(server, HOME, { "accept-encoding": "gzip", "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toContain("public");

    await updateSiteSettings(server.database.db, { businessHours: "Mon–Fri 8am–6pm (cache test)" });
    const changed = await request(server, HOME, { "accept-encoding": "gzip", "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("answers HEAD with the headers of the GET and no body, from the cache and filling it", async () => {
    const path = "/resources/faq";
    const head = await request(server, path, { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.raw.length).toBe(0);
    const get = await request(server, path, { "accept-encoding": "br" });
    expect(get.headers.get("x-page-cache")).toBe("hit");
    expect(head.headers.get("etag")).toBe(get.headers.get("etag"));
    expect(Number(head.headers.get("content-length"))).toBe(get.raw.length);
    expect(head.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });

  it("never serves a signed-in request from the cache, and a signed-in request never fills it", async () => {
    const path = "/services/mobile-payments";
    const signedIn = await request(server, path, { cookie, "accept-encoding": "gzip" });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("x-page-cache")).toBeNull();
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    // The signed-in render did not fill the cache: the first anonymous request builds it.
    const anonymous = await request(server, path, { "accept-encoding": "gzip" });
    expect(anonymous.headers.get("x-page-cache")).toBe("miss");
    // And with the page cached, the signed-in request still renders its own.
    const again = await request(server, path, { cookie, "accept-encoding": "gzip" });
    expect(again.headers.get("x-page-cache")).toBeNull();
    expect(cspNonce(again.headers)).not.toBe(cspNonce(anonymous.headers));
  });

  it("bypasses the cache for form posts, sign-in and admin", async () => {
    for (const path of ["/login", "/admin"]) {
      await request(server, path);
      const second = await request(server, path);
      expect(second.headers.get("x-page-cache"), path).toBeNull();
    }
    const post = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: new URLSearchParams({ name: "x" }),
    });
    expect(post.headers.get("x-page-cache")).toBeNull();
    expect(post.headers.get("cache-control") ?? "").not.toContain("public");
  });

  it("keeps one search results page per normalised query, and a new one once the content changes", async () => {
    const first = await request(server, "/resources/search?q=merchant%20%20statement%20", { "accept-encoding": "br" });
    expect(first.status).toBe(200);
    expect(first.html).toContain(`href="${POST}"`);
    expect(first.html).toContain("Search results for “merchant statement”");
    // Other spacing and other parameters normalise to the same query: the same entry.
    const same = await request(server, "/resources/search?q=+merchant+statement&utm_source=mail", {
      "accept-encoding": "br",
    });
    expect(same.headers.get("x-page-cache")).toBe("hit");
    expect(same.headers.get("etag")).toBe(first.headers.get("etag"));
    const nonce = cspNonce(same.headers);
    expectScriptsCarry(same.html, nonce);
    // Identical to a fresh render of that query apart from the nonce.
    const fresh = await request(server, "/resources/search?q=merchant+statement", {
      cookie: "meritum.session_token=stale",
    });
    expect(fresh.headers.get("x-page-cache")).toBeNull();
    expect(withoutNonce(same.html, nonce)).toBe(withoutNonce(fresh.html, cspNonce(fresh.headers)));
    // Another query is another page.
    const other = await request(server, "/resources/search?q=chargeback");
    expect(other.headers.get("x-page-cache")).toBe("miss");
    expect(other.html).toContain("Search results for “chargeback”");
    expect(other.html).not.toContain("Search results for “merchant statement”");
    // New content shows in the results at the next request.
    await request(server, "/resources/search?q=zanzibar");
    const none = await request(server, "/resources/search?q=zanzibar");
    expect(none.headers.get("x-page-cache")).toBe("hit");
    expect(none.html).not.toContain("surcharge primer");
    await createArticleAs(server.database.db, testEditor, "blog_posts", {
      slug: "search-cache-zanzibar",
      title: "Zanzibar surcharge primer",
      excerpt: "Found by the search cache test.",
      body: "Zanzibar body.",
      authorName: "Test Author",
      category: "Integration checks",
      tags: [],
      status: "published",
      publishedAt: new Date(Date.now() - 60_000).toISOString(),
    });
    const after = await request(server, "/resources/search?q=zanzibar");
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(after.html).toContain("surcharge primer");
  });

  it("shows an edit made through the service layer on the very next request", async () => {
    const before = await request(server, POST);
    expect(before.html).toContain("How to read a merchant statement, section by section");
    await request(server, POST); // cached now
    const db = server.database.db;
    const post = await db
      .selectFrom("blog_posts")
      .select(["id", "version"])
      .where("slug", "=", "how-to-read-a-merchant-statement")
      .executeTakeFirstOrThrow();
    await saveArticleAs(
      db,
      testEditor,
      "blog_posts",
      post.id,
      { title: "How to read a merchant statement, revised for the cache" },
      { baseVersion: Number(post.version) },
    );
    const after = await request(server, POST);
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(after.html).toContain("How to read a merchant statement, revised for the cache");
  });

  it("shows a scheduled post once its time comes, without any write", async () => {
    const due = new Date(Date.now() + 4000);
    await createArticleAs(server.database.db, testEditor, "blog_posts", {
      slug: "cache-scheduled",
      title: "Scheduled For The Cache Test",
      excerpt: "Appears at its time.",
      body: "Body.",
      authorName: "Test Author",
      category: "Integration checks",
      tags: [],
      status: "scheduled",
      publishedAt: due.toISOString(),
    });
    const early = await request(server, "/resources/blog");
    const cachedEarly = await request(server, "/resources/blog");
    expect(cachedEarly.headers.get("x-page-cache")).toBe("hit");
    if (Date.now() < due.getTime()) {
      expect(early.html).not.toContain("Scheduled For The Cache Test");
      expect(cachedEarly.html).not.toContain("Scheduled For The Cache Test");
    }
    await expect
      .poll(async () => (await request(server, "/resources/blog")).html.includes("Scheduled For The Cache Test"), {
        timeout: 15_000,
        interval: 250,
      })
      .toBe(true);
    expect(Date.now()).toBeGreaterThanOrEqual(due.getTime());
  });

  it("sees a change written by another instance on the same database at the next request", async () => {
    second = await startTestServer({ db: kind, sharedDatabase: server.database });
    for (const s of [server, second]) {
      await request(s, "/about");
      expect((await request(s, "/about")).headers.get("x-page-cache")).toBe("hit");
    }
    // The test process is one more instance: the service layer writes, both servers see it.
    await updateSiteSettings(server.database.db, { companyName: "Meritum Cache Check" });
    for (const s of [server, second]) {
      const next = await request(s, "/about");
      expect(next.headers.get("x-page-cache")).toBe("miss");
      expect(next.html).toContain("Meritum Cache Check");
    }
    const ids = await server.database.db.selectFrom("content_versions").select("version").executeTakeFirstOrThrow();
    expect(Number(ids.version)).toBeGreaterThan(1);
  });
});

describe("page cache switched off (PAGE_CACHE=0)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { PAGE_CACHE: "0" } });
  });
  afterAll(() => server?.stop());

  it("renders every request, compressed on the fly", async () => {
    await request(server, HOME, { "accept-encoding": "br" });
    const again = await request(server, HOME, { "accept-encoding": "br" });
    expect(again.headers.get("x-page-cache")).toBeNull();
    expect(again.headers.get("content-encoding")).toBe("br");
    expect(again.html).toContain("<h1");
  });
});

describe("hashed assets", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it("are sent precompressed from the build: brotli or gzip as accepted, immutable", async () => {
    const home = await request(server, HOME);
    // The site's scripts are named in the start script (app/components/site/site-scripts.tsx).
    const script = /"(\/assets\/[^"]+\.js)"/.exec(home.html)?.[1];
    const css = /<link[^>]*href="(\/assets\/[^"]+\.css)"/.exec(home.html)?.[1];
    for (const asset of [script, css]) {
      expect(asset).toBeTruthy();
      const plain = await request(server, asset!, { "accept-encoding": "identity" });
      const br = await request(server, asset!, { "accept-encoding": "br" });
      const gz = await request(server, asset!, { "accept-encoding": "gzip" });
      expect(br.headers.get("content-encoding"), asset).toBe("br");
      expect(gz.headers.get("content-encoding"), asset).toBe("gzip");
      expect(br.headers.get("cache-control"), asset).toBe("public, max-age=31536000, immutable");
      expect(br.headers.get("content-type"), asset).toMatch(/^(text\/javascript|text\/css)/);
      expect(br.html, asset).toBe(plain.html);
      expect(gz.html, asset).toBe(plain.html);
      // Brotli at quality 11 from the build, smaller than the fast on-the-fly level would give.
      const zlib = await import("node:zlib");
      const fast = zlib.brotliCompressSync(plain.raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
      expect(br.raw.length, asset).toBeLessThan(fast.length);
    }
  });
});
