import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bumpContentVersion, getContentVersion } from "@server/content-version/content-version";
import { bulkArticlesAs, saveArticleAs } from "@server/content/editor";
import { faqSeed } from "@server/content/seed/faq";
import { dbKinds } from "../support/db";
import { HOUR, iso, jsonLd, resultLinks, testEditor } from "../support/resources";
import { startTestServer, type TestServer } from "../support/server";

/**
 * How the resources are found: JSON-LD for search engines, the site search (ranking, typos,
 * prefixes) and its index following changes another instance made. The pages, their
 * visibility rules, sanitising and the feeds are in content.test.ts.
 */
describe.each(dbKinds())("resources discovery on %s", (kind) => {
  let server: TestServer;
  const text = async (path: string) => {
    const res = await fetch(`${server.url}${path}`);
    return { status: res.status, html: await res.text(), res };
  };

  beforeAll(async () => {
    server = await startTestServer({ db: kind, env: { SITE_URL: "https://www.example.test" } });
  });
  afterAll(() => server?.stop());

  it("describes posts, guides and the FAQ with JSON-LD", async () => {
    const postHtml = (await text("/resources/blog/how-to-avoid-chargebacks")).html;
    const postLd = jsonLd(postHtml);
    const posting = postLd.find((d) => d["@type"] === "BlogPosting");
    expect(posting).toMatchObject({
      headline: "Avoiding chargebacks: practical steps for small merchants",
      datePublished: "2025-06-17T16:00:00.000Z",
      url: "https://www.example.test/resources/blog/how-to-avoid-chargebacks",
    });
    for (const [path, last] of [
      ["/resources/blog", "Blog"],
      ["/resources/guides", "Guides"],
      ["/resources/faq", "FAQ"],
      ["/resources/search?q=fees", "Search"],
    ] as const) {
      const { html: listHtml } = await text(path);
      const list = jsonLd(listHtml).find((d) => d["@type"] === "BreadcrumbList");
      expect(
        list?.itemListElement.map((i: { name: string }) => i.name),
        path,
      ).toEqual(["Home", "Resources", last]);
      expect(listHtml, path).toContain('aria-label="Breadcrumb"');
    }
    const crumbs = postLd.find((d) => d["@type"] === "BreadcrumbList");
    expect(crumbs.itemListElement.map((i: any) => i.name)).toEqual([
      "Home",
      "Resources",
      "Blog",
      "Avoiding chargebacks: practical steps for small merchants",
    ]);
    expect(postHtml).toContain("June 17, 2025");
    expect(postHtml).toMatch(/\d+ min read/);
    expect(postHtml).toContain('href="/contact"');
    expect(postHtml).toContain("Related articles");
    expect(postHtml).toMatch(/Previous article|Next article/);

    const guideHtml = (await text("/resources/guides/switching-processors-without-downtime")).html;
    const howTo = jsonLd(guideHtml).find((d) => d["@type"] === "HowTo");
    expect(howTo.step.length).toBeGreaterThanOrEqual(5);
    expect(howTo.step[0]).toMatchObject({ "@type": "HowToStep", position: 1, name: "Check your current agreement" });
    // The table of contents links to the rendered heading ids.
    expect(guideHtml).toContain('href="#h-step-1-check-your-current-agreement"');
    expect(guideHtml).toContain('id="h-step-1-check-your-current-agreement"');
    const article = jsonLd((await text("/resources/guides/choosing-an-online-payment-gateway")).html).find(
      (d) => d["@type"] === "Article",
    );
    expect(article.headline).toBe("Choosing an online payment gateway");

    const faqHtml = (await text("/resources/faq")).html;
    const faqPage = jsonLd(faqHtml).find((d) => d["@type"] === "FAQPage");
    expect(faqPage.mainEntity.length).toBe(faqSeed.filter((f) => f.published).length);
    expect(faqPage.mainEntity[0]).toMatchObject({ "@type": "Question", name: "What is interchange?" });
    expect(faqPage.mainEntity[0].acceptedAnswer.text).toContain("issued your customer's card");
    expect(faqHtml).toContain('id="what-is-interchange"');
  });

  it("ranks search results and tolerates typos and prefixes", async () => {
    const exact = await text("/resources/search?q=interchange");
    expect(resultLinks(exact.html)[0]).toBe("/resources/blog/interchange-plus-vs-tiered-vs-flat-rate-pricing");
    expect(exact.html).toMatch(/<mark[^>]*>[Ii]nterchange<\/mark>/);
    // Mixed types with their labels.
    const links = resultLinks(exact.html);
    expect(links.some((l) => l.startsWith("/resources/faq#"))).toBe(true);
    expect(links.some((l) => l.startsWith("/resources/guides/"))).toBe(true);
    expect(exact.html).toContain(">Article</span>");
    expect(exact.html).toContain(">FAQ</span>");

    const typo = await text("/resources/search?q=interchnge");
    expect(resultLinks(typo.html)).toContain("/resources/blog/interchange-plus-vs-tiered-vs-flat-rate-pricing");
    expect(typo.html).toMatch(/<mark[^>]*>[Ii]nterchange<\/mark>/);

    const prefix = await text("/resources/search?q=chargeb");
    expect(resultLinks(prefix.html)[0]).toBe("/resources/blog/how-to-avoid-chargebacks");
    expect(prefix.html).toMatch(/<mark[^>]*>[Cc]hargebacks?<\/mark>/);

    // Prefixes shorter than four characters do not expand.
    expect(resultLinks((await text("/resources/search?q=cha")).html)).toEqual([]);

    const pci = resultLinks((await text("/resources/search?q=pci+compliance")).html);
    expect(pci.slice(0, 2)).toContain("/resources/blog/pci-compliance-for-small-businesses");
    const reconcile = resultLinks((await text("/resources/search?q=reconcile+deposits")).html);
    expect(reconcile[0]).toBe("/resources/guides/reconciling-card-deposits");

    const none = await text("/resources/search?q=xylophonics");
    expect(none.html).toContain("No results for “xylophonics”");
    expect(none.html).toContain("Suggested searches");

    const empty = await text("/resources/search?q=");
    expect(empty.html).toContain("What would you like to know?");
    expect(empty.html).toContain('href="/resources/search?q=interchange"');

    // Markup in a query is text, never HTML.
    const hostile = await text(`/resources/search?q=${encodeURIComponent("<img src=x onerror=alert(1)> interchange")}`);
    expect(hostile.html).not.toContain("<img src=x");
  });

  it("picks up a change another instance made, by the content version", async () => {
    const db = server.database.db;
    expect(resultLinks((await text("/resources/search?q=okapiwhistle")).html)).toEqual([]);
    // "Another instance" writes straight to the database without touching this server's index.
    const now = new Date().toISOString();
    await db
      .insertInto("blog_posts")
      .values({
        id: crypto.randomUUID(),
        slug: "other-instance-post",
        title: "Okapiwhistle from another instance",
        excerpt: "Written elsewhere.",
        body: "A post about okapiwhistle.",
        cover_image_url: null,
        cover_image_alt: null,
        author_name: "Elsewhere",
        author_user_id: null,
        category: "Integration checks",
        tags: "[]",
        status: "published",
        published_at: iso(-HOUR),
        seo_title: null,
        seo_description: null,
        reading_minutes: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    // Without a version change this server still answers from its current index.
    expect(resultLinks((await text("/resources/search?q=okapiwhistle")).html)).toEqual([]);
    const before = await getContentVersion(db);
    expect(await bumpContentVersion(db)).toBe(before + 1);
    expect(resultLinks((await text("/resources/search?q=okapiwhistle")).html)).toEqual([
      "/resources/blog/other-instance-post",
    ]);

    // Edits through the service bump the version too: a renamed post is found by its new word.
    const row = await db
      .selectFrom("blog_posts")
      .select(["id", "version"])
      .where("slug", "=", "other-instance-post")
      .executeTakeFirstOrThrow();
    await saveArticleAs(
      db,
      testEditor,
      "blog_posts",
      row.id,
      { title: "Renamed to capybaraharp" },
      { baseVersion: Number(row.version) },
    );
    expect(resultLinks((await text("/resources/search?q=capybaraharp")).html)).toEqual([
      "/resources/blog/other-instance-post",
    ]);
    await bulkArticlesAs(db, testEditor, "blog_posts", "unpublish", [row.id]);
    expect(resultLinks((await text("/resources/search?q=capybaraharp")).html)).toEqual([]);
  });
});
