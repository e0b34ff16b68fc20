import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStaffServer } from "../support/auth";
import { contentAdminClient, draft, iso } from "../support/content-admin";
import { dbKinds } from "../support/db";
import type { TestServer } from "../support/server";

/**
 * The admin content API (/api/admin/blog-posts and /api/admin/help-guides) through real
 * HTTP on the production build: validation, permissions, slug and version conflicts,
 * revisions, redirects after a slug change, scheduling, deletion, preview and the lists.
 */
describe.each(dbKinds())("admin content API on %s", (kind) => {
  let server: TestServer;
  let adminCookie: string;
  let editorCookie: string;

  beforeAll(async () => {
    ({ server, adminCookie, editorCookie } = await startStaffServer(kind, { SITE_URL: "https://www.example.test" }));
  });
  afterAll(() => server?.stop());

  const { call, json, create, page, contentVersion } = contentAdminClient(
    () => server,
    () => editorCookie,
  );
  const auditActions = async () =>
    (await server.database.db.selectFrom("audit_log").select(["action", "target"]).execute()).map(
      (r) => `${r.action} ${r.target}`,
    );

  it("answers 401 to anonymous callers and lets editors and admins in, on both kinds", async () => {
    for (const area of ["/blog-posts", "/help-guides"]) {
      expect((await call("GET", area, undefined, null)).status).toBe(401);
      expect((await call("POST", area, draft("anon-try"), null)).status).toBe(401);
      expect((await call("GET", `${area}/slug-check?slug=x`, undefined, null)).status).toBe(401);
      expect((await call("GET", area, undefined, editorCookie)).status).toBe(200);
      expect((await call("GET", area, undefined, adminCookie)).status).toBe(200);
    }
    expect((await page("/preview/blog/some-id")).status).toBe(302);
  });

  it("refuses bad input with field errors and stores nothing", async () => {
    const before = await contentVersion();
    const res = await json("POST", "/blog-posts", { slug: "Not A Slug", title: " ", status: "scheduled" });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation");
    expect(Object.keys(res.body.error.fields)).toEqual(
      expect.arrayContaining(["slug", "title", "excerpt", "body", "category"]),
    );
    const undated = await json("POST", "/blog-posts", draft("admin-undated", { status: "scheduled" }));
    expect(undated.status).toBe(400);
    expect(undated.body.error.fields).toEqual({ publishedAt: "Choose when the scheduled item goes live." });
    expect(await contentVersion()).toBe(before);
    const list = await json("GET", "/blog-posts?status=nonsense");
    expect(list.status).toBe(400);
    expect(list.body.error.fields.status).toBe("Choose draft, scheduled or published.");
  });

  it("creates a draft (audited, not public), checks slugs as you type and refuses a taken one with 409", async () => {
    const before = await contentVersion();
    const created = await create("/blog-posts", draft("admin-first"));
    expect(created.status).toBe("draft");
    expect(await contentVersion()).toBeGreaterThan(before);
    expect(await auditActions()).toContain("blog_post.created /resources/blog/admin-first");
    expect((await page("/resources/blog/admin-first")).status).toBe(404);

    expect((await json("GET", "/blog-posts/slug-check?slug=admin-free")).status).toBe(200);
    const taken = await json("GET", "/blog-posts/slug-check?slug=admin-first");
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields.slug).toBe("That slug is already used.");
    // Its own slug is free for itself; a guide may share a post's slug.
    expect((await json("GET", `/blog-posts/slug-check?slug=admin-first&id=${created.id}`)).status).toBe(200);
    expect((await json("GET", "/help-guides/slug-check?slug=admin-first")).status).toBe(200);
    expect((await json("GET", "/blog-posts/slug-check?slug=Bad%20Slug")).status).toBe(400);
    const dup = await json("POST", "/blog-posts", draft("admin-first"));
    expect(dup.status).toBe(409);
    expect(dup.body.error.fields.slug).toBe("That slug is already used.");
  });

  it("refuses a stale save with 409 and a readable message; the newer text stays", async () => {
    const { id, version } = await create("/blog-posts", draft("admin-stale"));
    const first = await json("PUT", `/blog-posts/${id}`, { title: "Saved by Ann", baseVersion: version });
    expect(first.status).toBe(200);
    expect(first.body.data.version).toBe(version + 1);
    const stale = await json("PUT", `/blog-posts/${id}`, { title: "Saved by Bob", baseVersion: version });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toMatch(/Someone else saved this post after you opened it/);
    const item = await json("GET", `/blog-posts/${id}`);
    expect(item.body.item.title).toBe("Saved by Ann");
    // Overwrite: save again based on the version now stored.
    const overwrite = await json("PUT", `/blog-posts/${id}`, {
      title: "Saved by Bob",
      baseVersion: first.body.data.version,
    });
    expect(overwrite.status).toBe(200);
    expect((await json("PUT", `/blog-posts/${id}`, { title: "x" })).status).toBe(400);
  });

  it("keeps a revision per save with what changed, diffs against the current text and restores (a new revision)", async () => {
    const { id, version } = await create("/help-guides", draft("admin-history", { body: "Line one.\n\nLine two." }));
    const v2 = await json("PUT", `/help-guides/${id}`, {
      body: "Line one.\n\nLine two, edited.",
      baseVersion: version,
    });
    const v3 = await json("PUT", `/help-guides/${id}`, { title: "History renamed", baseVersion: v2.body.data.version });
    const { body } = await json("GET", `/help-guides/${id}/revisions`);
    const revisions = body.revisions as Array<{ id: string; kind: string; changed: string[]; actorEmail: string }>;
    expect(revisions.map((r) => [r.kind, r.changed])).toEqual([
      ["saved", ["title"]],
      ["saved", ["body"]],
      ["created", ["title", "slug", "body"]],
    ]);
    expect(revisions[0]!.actorEmail).toBe("editor@meritum.test");
    const first = revisions[2]!;
    const diff = await json("GET", `/help-guides/${id}/revisions/${first.id}`);
    expect(
      diff.body.title
        .filter((c: any) => c.added)
        .map((c: any) => c.value)
        .join(""),
    ).toMatch(/History.*renamed/);
    expect(
      diff.body.body
        .filter((c: any) => c.removed)
        .map((c: any) => c.value)
        .join(""),
    ).toContain("Line two.");
    expect(
      diff.body.body
        .filter((c: any) => c.added)
        .map((c: any) => c.value)
        .join(""),
    ).toContain("Line two, edited.");

    const stale = await json("POST", `/help-guides/${id}/revisions/${first.id}/restore`, { baseVersion: version });
    expect(stale.status).toBe(409);
    const restored = await json("POST", `/help-guides/${id}/revisions/${first.id}/restore`, {
      baseVersion: v3.body.data.version,
    });
    expect(restored.status).toBe(200);
    const item = (await json("GET", `/help-guides/${id}`)).body.item;
    expect([item.title, item.body]).toEqual(["Admin post admin-history", "Line one.\n\nLine two."]);
    const after = (await json("GET", `/help-guides/${id}/revisions`)).body.revisions;
    expect(after).toHaveLength(4);
    expect(after[0].kind).toBe("restored");
    expect(await auditActions()).toContain("help_guide.restored /resources/guides/admin-history");
  });

  it("coalesces one person's autosaves into one revision", async () => {
    const { id, version } = await create("/blog-posts", draft("admin-autosave"));
    let v = version;
    for (const body of ["Typing", "Typing more", "Typing more still"]) {
      v = (await json("PUT", `/blog-posts/${id}`, { body, baseVersion: v, autosave: true })).body.data.version;
    }
    const revisions = (await json("GET", `/blog-posts/${id}/revisions`)).body.revisions;
    expect(revisions.map((r: any) => r.kind)).toEqual(["autosaved", "created"]);
  });

  it("answers 301 from the old URL after a public slug change, collapsing chains, and a live item wins", async () => {
    const { id, version } = await create("/blog-posts", draft("admin-moving", { status: "published" }));
    expect((await page("/resources/blog/admin-moving")).status).toBe(200);
    const v2 = (await json("PUT", `/blog-posts/${id}`, { slug: "admin-moved", baseVersion: version })).body.data;
    let res = await page("/resources/blog/admin-moving");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/resources/blog/admin-moved");
    await json("PUT", `/blog-posts/${id}`, { slug: "admin-moved-again", baseVersion: v2.version });
    res = await page("/resources/blog/admin-moving");
    expect([res.status, res.headers.get("location")]).toEqual([301, "/resources/blog/admin-moved-again"]);
    res = await page("/resources/blog/admin-moved");
    expect([res.status, res.headers.get("location")]).toEqual([301, "/resources/blog/admin-moved-again"]);
    expect((await page("/resources/blog/admin-moved-again")).status).toBe(200);
    // A new post at an old path takes it over.
    await create("/blog-posts", draft("admin-moving", { status: "published", title: "A new post at the old path" }));
    expect((await page("/resources/blog/admin-moving")).status).toBe(200);
  });

  it("shows a scheduled item in the list as scheduled, then publishes it at its time without a restart", async () => {
    const { id } = await create("/blog-posts", draft("admin-soon", { status: "scheduled", publishedAt: iso(2_500) }));
    const scheduled = await json("GET", "/blog-posts?status=scheduled&q=admin-soon");
    expect(scheduled.body.items.map((i: any) => [i.id, i.status, i.publicPath])).toEqual([[id, "scheduled", null]]);
    expect((await page("/resources/blog/admin-soon")).status).toBe(404);
    await expect
      .poll(async () => (await page("/resources/blog/admin-soon")).status, { timeout: 15_000, interval: 250 })
      .toBe(200);
    const live = await json("GET", "/blog-posts?status=published&q=admin-soon");
    expect(live.body.items.map((i: any) => [i.status, i.publicPath])).toEqual([
      ["published", "/resources/blog/admin-soon"],
    ]);
  });

  it("lists with title search, status and category filters, sorts and pages", async () => {
    const created: Array<{ id: string; version: number }> = [];
    for (const [i, title] of ["Zebra fees", "Apple pay tips", "Mango 100% guide"].entries()) {
      created.push(
        await create(
          "/help-guides",
          draft(`admin-list-${i}`, {
            title,
            category: i === 2 ? "Other shelf" : "Admin checks",
            status: i ? "published" : "draft",
            // Apple two hours ago, Mango one hour ago: Mango is the newer publication.
            ...(i ? { publishedAt: iso(-(3 - i) * 3_600_000) } : {}),
          }),
        ),
      );
    }
    const byTitle = await json("GET", "/help-guides?sort=title&q=admin");
    expect(byTitle.status).toBe(200);
    // Each sort's order, over the whole list and for the three guides made here.
    type Listed = { title: string; publishedAt: string | null; updatedAt: string };
    const sorted = async (sort: string) => (await json("GET", `/help-guides?sort=${sort}`)).body.items as Listed[];
    const positions = (items: Listed[], titles: string[]) =>
      titles.map((title) => items.findIndex((item) => item.title === title));
    const increasing = (values: number[]) => values.every((v, i) => v >= 0 && (i === 0 || v > values[i - 1]!));
    const descending = (times: number[]) => times.every((t, i) => i === 0 || t <= times[i - 1]!);

    expect(positions(await sorted("title"), ["Apple pay tips", "Mango 100% guide", "Zebra fees"])).toSatisfy(
      increasing,
    );

    const byPublished = await sorted("published");
    const publishedTimes = byPublished.map((i) => (i.publishedAt ? Date.parse(i.publishedAt) : -Infinity));
    expect(publishedTimes, "newest publication first, never-published last").toSatisfy(descending);
    expect(positions(byPublished, ["Mango 100% guide", "Apple pay tips", "Zebra fees"])).toSatisfy(increasing);
    expect(byPublished.at(-1)!.publishedAt).toBeNull();

    // A save puts an item first by "updated".
    const zebra = created[0]!;
    const edited = await json("PUT", `/help-guides/${zebra.id}`, {
      excerpt: "Zebra fees, explained again.",
      baseVersion: zebra.version,
    });
    expect(edited.status).toBe(200);
    const byUpdated = await sorted("updated");
    expect(
      byUpdated.map((i) => Date.parse(i.updatedAt)),
      "last saved first",
    ).toSatisfy(descending);
    expect(byUpdated[0]!.title).toBe("Zebra fees");
    expect(positions(byUpdated, ["Zebra fees", "Mango 100% guide", "Apple pay tips"])).toSatisfy(increasing);
    expect((await json("GET", "/help-guides")).body.items.map((i: Listed) => i.title)).toEqual(
      byUpdated.map((i) => i.title),
    );
    const all = await json("GET", "/help-guides?sort=title");
    const titles = all.body.items.map((i: any) => i.title);
    expect(titles.indexOf("Apple pay tips")).toBeLessThan(titles.indexOf("Zebra fees"));
    expect((await json("GET", "/help-guides?q=100%25")).body.items.map((i: any) => i.title)).toEqual([
      "Mango 100% guide",
    ]);
    expect((await json("GET", "/help-guides?q=APPLE")).body.items.map((i: any) => i.title)).toEqual(["Apple pay tips"]);
    expect((await json("GET", "/help-guides?category=Other%20shelf")).body.items.map((i: any) => i.title)).toEqual([
      "Mango 100% guide",
    ]);
    const drafts = (await json("GET", "/help-guides?status=draft")).body.items.map((i: any) => i.status);
    expect(new Set(drafts)).toEqual(new Set(["draft"]));
    const list = (await json("GET", "/help-guides?page=99")).body;
    expect(list.page).toBe(list.pages);
    expect(list.categories).toEqual(expect.arrayContaining(["Admin checks", "Other shelf"]));
  });

  it("bulk publishes, unpublishes and deletes; deletion leaves list, search, sitemap and RSS and answers 410", async () => {
    const a = await create("/blog-posts", draft("admin-bulk-a", { title: "Wombatbulk alpha" }));
    const b = await create("/blog-posts", draft("admin-bulk-b", { title: "Wombatbulk beta" }));
    const published = await json("POST", "/blog-posts/bulk", { action: "publish", ids: [a.id, b.id] });
    expect(published.body.message).toBe("2 posts published.");
    expect((await page("/resources/blog/admin-bulk-a")).status).toBe(200);
    const search = async () =>
      (await (await page("/resources/search?q=wombatbulk")).text()).match(/admin-bulk-[ab]/g) ?? [];
    expect(new Set(await search())).toEqual(new Set(["admin-bulk-a", "admin-bulk-b"]));
    expect(await (await page("/sitemap.xml")).text()).toContain("/resources/blog/admin-bulk-a");
    expect(await (await page("/resources/blog/rss.xml")).text()).toContain("/resources/blog/admin-bulk-a");

    const unpublished = await json("POST", "/blog-posts/bulk", { action: "unpublish", ids: [b.id] });
    expect(unpublished.body.message).toBe("1 post moved to drafts.");
    expect((await page("/resources/blog/admin-bulk-b")).status).toBe(404);

    expect((await json("POST", "/blog-posts/bulk", { action: "explode", ids: [] })).status).toBe(400);
    const deleted = await json("POST", "/blog-posts/bulk", { action: "delete", ids: [a.id, b.id] });
    expect(deleted.body.message).toBe("2 posts deleted.");
    expect((await page("/resources/blog/admin-bulk-a")).status).toBe(410);
    expect((await page("/resources/blog/admin-bulk-b")).status).toBe(404);
    expect((await json("GET", "/blog-posts?q=wombatbulk")).body.items).toEqual([]);
    expect(await search()).toEqual([]);
    expect(await (await page("/sitemap.xml")).text()).not.toContain("admin-bulk-a");
    expect(await (await page("/resources/blog/rss.xml")).text()).not.toContain("admin-bulk-a");
    expect(await auditActions()).toEqual(
      expect.arrayContaining([
        "blog_post.published /resources/blog/admin-bulk-a",
        "blog_post.unpublished /resources/blog/admin-bulk-b",
        "blog_post.deleted /resources/blog/admin-bulk-a",
      ]),
    );
    expect((await json("GET", `/blog-posts/${a.id}`)).status).toBe(404);
  });

  it("deletes one item; its moved-from URLs answer 410 too", async () => {
    const { id, version } = await create("/help-guides", draft("admin-del-old", { status: "published" }));
    await json("PUT", `/help-guides/${id}`, { slug: "admin-del-new", baseVersion: version });
    const res = await json("DELETE", `/help-guides/${id}`);
    expect(res.status).toBe(200);
    expect((await page("/resources/guides/admin-del-new")).status).toBe(410);
    expect((await page("/resources/guides/admin-del-old")).status).toBe(410);
    expect((await json("DELETE", `/help-guides/${id}`)).status).toBe(404);
  });
});
