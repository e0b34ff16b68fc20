import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listPublishedContentUrls, seedContent } from "@server/content";
import { getContentVersion } from "@server/content-version/content-version";
import { bulkArticlesAs, createArticleAs, saveArticleAs } from "@server/content/editor";
import { createFaq } from "@server/content/faq";
import { BLOG_PAGE_SIZE } from "@server/content/posts";
import { postSeed } from "@server/content/seed/posts";
import { guideSeed } from "@server/content/seed/guides";
import { faqSeed } from "@server/content/seed/faq";
import { dbKinds } from "../support/db";
import { startTestServer, type TestServer } from "../support/server";
import { HOUR, iso, jsonLd, resultLinks, testEditor } from "../support/resources";
import { child, childText, parseXml } from "../support/xml";

function post(slug: string, extra: Record<string, unknown> = {}) {
  return {
    slug,
    title: `Test post ${slug}`,
    excerpt: `Excerpt for ${slug}.`,
    body: `## Section\n\nBody of ${slug}.`,
    authorName: "Test Author",
    category: "Integration checks",
    tags: ["testing"],
    status: "published",
    publishedAt: iso(-HOUR),
    ...extra,
  };
}

/** Titles of the post cards on a blog list page. */
function cardTitles(html: string): string[] {
  return [...html.matchAll(/<h3 class="mt-2 text-xl[^"]*"><a[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]!);
}

/**
 * The public resources pages: seeded content, visibility and scheduling, pagination,
 * sanitised bodies and the RSS feed. Search and JSON-LD are in content-discovery.test.ts.
 */
describe.each(dbKinds())("resources on %s", (kind) => {
  let server: TestServer;
  const get = (path: string) => fetch(`${server.url}${path}`);
  const text = async (path: string) => {
    const res = await get(path);
    return { status: res.status, html: await res.text(), res };
  };

  beforeAll(async () => {
    server = await startTestServer({ db: kind, env: { SITE_URL: "https://www.example.test" } });
  });
  afterAll(() => server?.stop());

  it("seeds the launch content once, idempotently", async () => {
    const db = server.database.db;
    const count = async () => ({
      posts: Number(
        (
          await db
            .selectFrom("blog_posts")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      guides: Number(
        (
          await db
            .selectFrom("help_guides")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      faq: Number(
        (
          await db
            .selectFrom("faq_items")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    });
    const before = await count();
    expect(before).toEqual({ posts: postSeed.length, guides: guideSeed.length, faq: faqSeed.length });
    expect(postSeed.length).toBeGreaterThanOrEqual(6);
    expect(guideSeed.length).toBeGreaterThanOrEqual(6);
    expect(faqSeed.length).toBeGreaterThanOrEqual(15);
    const version = await getContentVersion(db);
    await seedContent(db);
    expect(await count()).toEqual(before);
    expect(await getContentVersion(db)).toBe(version);
  });

  it("lists published post and guide URLs for the sitemap", async () => {
    const urls = await listPublishedContentUrls(server.database.db);
    expect(urls).toContainEqual({
      path: "/resources/blog/how-to-avoid-chargebacks",
      lastmod: expect.stringMatching(/^2025-06-17T/),
    });
    expect(urls.filter((u) => u.path.startsWith("/resources/guides/")).length).toBe(guideSeed.length);
    for (const u of urls) expect(Number.isNaN(Date.parse(u.lastmod))).toBe(false);
  });

  it("renders every resources page with a unique title and description", async () => {
    const paths = [
      "/resources",
      "/resources/blog",
      "/resources/blog/how-to-read-a-merchant-statement",
      "/resources/guides",
      "/resources/guides/setting-up-a-card-terminal",
      "/resources/faq",
      "/resources/search",
      "/resources/search?q=statement",
    ];
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of paths) {
      const { status, html } = await text(path);
      expect(status, path).toBe(200);
      titles.add(/<title>([^<]*)<\/title>/.exec(html)![1]!);
      descriptions.add(/<meta name="description" content="([^"]*)"/.exec(html)![1]!);
    }
    expect(titles.size).toBe(paths.length);
    expect(descriptions.size).toBe(paths.length);
  });

  it("shows only published items whose time has come (visibility rules)", async () => {
    const db = server.database.db;
    const cases = [
      { slug: "vis-draft", status: "draft", publishedAt: iso(-HOUR), visible: false },
      { slug: "vis-scheduled-future", status: "scheduled", publishedAt: iso(24 * HOUR), visible: false },
      { slug: "vis-scheduled-past", status: "scheduled", publishedAt: iso(-HOUR), visible: true },
      { slug: "vis-published-future", status: "published", publishedAt: iso(24 * HOUR), visible: false },
      { slug: "vis-published", status: "published", publishedAt: iso(-HOUR), visible: true },
    ];
    for (const c of cases)
      await createArticleAs(
        db,
        testEditor,
        "blog_posts",
        post(c.slug, { status: c.status, publishedAt: c.publishedAt, category: "Visibility checks" }),
      );
    for (const c of cases) {
      const res = await get(`/resources/blog/${c.slug}`);
      expect(res.status, c.slug).toBe(c.visible ? 200 : 404);
      const html = await res.text();
      if (!c.visible) expect(html).toContain("Page not found");
    }
    const list = (await text("/resources/blog?category=visibility-checks")).html;
    for (const c of cases) expect(list.includes(`Test post ${c.slug}<`), c.slug).toBe(c.visible);
    const rss = await (await get("/resources/blog/rss.xml")).text();
    for (const c of cases) expect(rss.includes(`/resources/blog/${c.slug}<`), c.slug).toBe(c.visible);
    const urls = (await listPublishedContentUrls(db)).map((u) => u.path);
    for (const c of cases) expect(urls.includes(`/resources/blog/${c.slug}`), c.slug).toBe(c.visible);
    const sitemap = await (await get("/sitemap.xml")).text();
    for (const c of cases) expect(sitemap.includes(`/resources/blog/${c.slug}</loc>`), c.slug).toBe(c.visible);
    expect(sitemap).toContain("/resources/guides/");

    // Unpublishing hides a post again; a draft FAQ item stays off the FAQ page.
    const published = await createArticleAs(db, testEditor, "blog_posts", post("vis-unpublish"));
    expect((await get("/resources/blog/vis-unpublish")).status).toBe(200);
    expect(await bulkArticlesAs(db, testEditor, "blog_posts", "unpublish", [published.id])).toBe(1);
    expect((await get("/resources/blog/vis-unpublish")).status).toBe(404);
    await createFaq(db, {
      slug: "vis-hidden-question",
      question: "A hidden question?",
      answer: "Hidden.",
      category: "Pricing and fees",
      published: false,
    });
    expect((await text("/resources/faq")).html).not.toContain("A hidden question?");
  });

  it("publishes a scheduled post at its time without a restart, in pages and search", async () => {
    const db = server.database.db;
    // Search once so the index exists before the item is scheduled.
    await text("/resources/search?q=quokkascheduled");
    const created = await createArticleAs(
      db,
      testEditor,
      "blog_posts",
      post("vis-scheduled-soon", { status: "draft", title: "Quokkascheduled arrives on time" }),
    );
    const scheduled = await saveArticleAs(
      db,
      testEditor,
      "blog_posts",
      created.id,
      { status: "scheduled", publishedAt: iso(2_000) },
      { baseVersion: created.version },
    );
    expect(scheduled.status).toBe("scheduled");
    expect((await get("/resources/blog/vis-scheduled-soon")).status).toBe(404);
    expect(resultLinks((await text("/resources/search?q=quokkascheduled")).html)).toEqual([]);
    await expect
      .poll(async () => (await get("/resources/blog/vis-scheduled-soon")).status, { timeout: 15_000, interval: 250 })
      .toBe(200);
    await expect
      .poll(async () => resultLinks((await text("/resources/search?q=quokkascheduled")).html), {
        timeout: 10_000,
        interval: 250,
      })
      .toEqual(["/resources/blog/vis-scheduled-soon"]);
  });

  it("paginates the blog nine to a page and filters by category", async () => {
    const db = server.database.db;
    for (let i = 1; i <= 11; i++) {
      await createArticleAs(
        db,
        testEditor,
        "blog_posts",
        post(`page-check-${String(i).padStart(2, "0")}`, {
          category: "Pagination checks",
          publishedAt: iso(-(i + 2) * HOUR),
        }),
      );
    }
    const first = await text("/resources/blog?category=pagination-checks");
    expect(first.status).toBe(200);
    const firstTitles = cardTitles(first.html);
    expect(firstTitles).toHaveLength(BLOG_PAGE_SIZE);
    // Newest first: page-check-01 is the most recent.
    expect(firstTitles[0]).toBe("Test post page-check-01");
    expect(first.html).toContain("Page 1 of 2");
    expect(first.html).toContain('href="/resources/blog?category=pagination-checks&amp;page=2"');
    const second = await text("/resources/blog?category=pagination-checks&page=2");
    expect(cardTitles(second.html)).toEqual(["Test post page-check-10", "Test post page-check-11"]);
    expect(first.html).not.toContain("Test post page-check-10<");
    // Only this category's posts.
    expect(first.html).not.toContain("Avoiding chargebacks");

    for (const bad of [
      "?category=pagination-checks&page=3",
      "?page=0",
      "?page=-1",
      "?page=abc",
      "?page=1.5",
      "?page=99",
    ]) {
      expect((await get(`/resources/blog${bad}`)).status, bad).toBe(404);
    }
    const empty = await text("/resources/blog?category=no-such-category");
    expect(empty.status).toBe(200);
    expect(empty.html).toContain("No articles here yet");
    expect(empty.html).toContain('content="noindex, nofollow"');

    // Unfiltered: every visible post across pages, nine at most per page.
    const all = await text("/resources/blog");
    expect(cardTitles(all.html)).toHaveLength(BLOG_PAGE_SIZE);
    expect(all.html).toMatch(/Page 1 of \d/);
    expect(all.html).toContain('<link rel="alternate" type="application/rss+xml"');
  });

  it("sanitises post bodies against an XSS corpus", async () => {
    const db = server.database.db;
    const corpus = [
      "<script>alert('xss-script')</script>",
      '<img src="x" onerror="alert(\'xss-onerror\')">',
      "[click me](javascript:alert('xss-js-link'))",
      "<a href=\"javascript:alert('xss-anchor')\">anchor</a>",
      '<a href="JaVaScRiPt:alert(1)">mixed case</a>',
      '<a href="java&#x09;script:alert(1)">entity split</a>',
      "<svg onload=\"alert('xss-svg')\"><script>alert(1)</script></svg>",
      '<svg><a xlink:href="javascript:alert(2)"><text>svg link</text></a></svg>',
      '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data link</a>',
      '<iframe src="https://evil.example/"></iframe>',
      '<object data="x.swf"></object><embed src="x.swf">',
      '<p style="background:url(javascript:alert(1))" onclick="alert(1)">styled</p>',
      '<form action="https://evil.example/"><input name="x"></form>',
      "![img](javascript:alert('xss-md-img'))",
      "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
      "<<script>script>alert('nested')<</script>/script>",
      "Safe paragraph with **bold** text and a [real link](https://example.com/page).",
    ].join("\n\n");
    await createArticleAs(
      db,
      testEditor,
      "blog_posts",
      post("xss-corpus", {
        body: corpus,
        title: "XSS <script>alert('title')</script> check",
        excerpt: "</script><script>alert(1)</script>",
      }),
    );
    const { status, html, res } = await text("/resources/blog/xss-corpus");
    expect(status).toBe(200);
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy")!)![1];
    const article = /<div class="prose-content">([\s\S]*?)<\/div>/.exec(html)![1]!;
    expect(article).toContain("<strong>bold</strong>");
    expect(article).toContain('href="https://example.com/page"');
    for (const bad of [
      /<script/i,
      /\son\w+\s*=/i,
      /javascript:/i,
      /<svg/i,
      /data:/i,
      /<iframe/i,
      /<object/i,
      /<embed/i,
      /<form/i,
      /<input/i,
      /<style/i,
      /style=/i,
      /<math/i,
    ]) {
      expect(article, String(bad)).not.toMatch(bad);
    }
    // Anywhere on the page: every <script> is ours (nonce) and no payload executes.
    for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
    expect(html).not.toMatch(/<script>alert/i);
    expect(html).not.toMatch(/onerror=/i);
    // JSON-LD carries the title without closing its script element.
    const ld = jsonLd(html).find((d) => d["@type"] === "BlogPosting");
    expect(ld.headline).toBe("XSS <script>alert('title')</script> check");
  });

  it("serves a valid RSS 2.0 feed of published posts", async () => {
    const res = await get("/resources/blog/rss.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/rss+xml");
    const body = await res.text();
    const rss = parseXml(body);
    expect(rss.name).toBe("rss");
    expect(rss.attributes.version).toBe("2.0");
    const channel = child(rss, "channel")!;
    expect(childText(channel, "title")).toBe("Meritum blog");
    expect(childText(channel, "link")).toBe("https://www.example.test/resources/blog");
    const items = channel.children.filter((c) => c.name === "item");
    expect(items.length).toBeGreaterThanOrEqual(6);
    expect(items.length).toBeLessThanOrEqual(20);
    const dates = items.map((i) => Date.parse(childText(i, "pubDate")));
    for (const d of dates) {
      expect(Number.isNaN(d)).toBe(false);
      expect(d).toBeLessThanOrEqual(Date.now());
    }
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    for (const item of items) {
      expect(childText(item, "link")).toMatch(/^https:\/\/www\.example\.test\/resources\/blog\/[a-z0-9-]+$/);
      expect(childText(item, "guid")).toBe(childText(item, "link"));
      expect(childText(item, "title")).not.toBe("");
    }
    const titles = items.map((i) => childText(i, "title"));
    expect(titles).toContain("XSS <script>alert('title')</script> check");
    expect(titles).not.toContain("Test post vis-draft");
    // The checker itself rejects what is not well-formed.
    expect(() => parseXml("<rss><channel></rss>")).toThrow();
    expect(() => parseXml("<rss>AT&T</rss>")).toThrow();
  });
});
