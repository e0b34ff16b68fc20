import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStaffServer } from "../support/auth";
import { contentAdminClient, draft } from "../support/content-admin";
import { dbKinds } from "../support/db";
import type { TestServer } from "../support/server";

/** Staff previews of posts and guides: drafts, and a published item's unsaved changes. */
describe.each(dbKinds())("content previews on %s", (kind) => {
  let server: TestServer;
  let editorCookie: string;

  beforeAll(async () => {
    ({ server, editorCookie } = await startStaffServer(kind, { SITE_URL: "https://www.example.test" }));
  });
  afterAll(() => server?.stop());

  const { json, create, page, contentVersion } = contentAdminClient(
    () => server,
    () => editorCookie,
  );

  it("previews a draft for staff only: rendered like the public page, noindex and never cached", async () => {
    const { id } = await create(
      "/blog-posts",
      draft("admin-preview", { body: "## Sneak peek\n\n<script>alert(1)</script>Hi" }),
    );
    const res = await page(`/preview/blog/${id}`, editorCookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const html = await res.text();
    expect(html).toContain('id="h-sneak-peek"');
    expect(html).toContain("This draft is not public.");
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    expect(html).not.toContain("<script>alert(1)</script>");
    const anon = await page(`/preview/blog/${id}`);
    expect(anon.status).toBe(302);
    expect(anon.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    const md = await json("POST", "/blog-posts/preview", { markdown: "**bold** <img src=x onerror=alert(1)>" });
    expect(md.body.html).toContain("<strong>bold</strong>");
    expect(md.body.html).not.toContain("onerror");
    // One request shape for every area's preview ({markdown}, common/markdown.ts), up to the field's limit.
    const wrongShape = await json("POST", "/blog-posts/preview", { body: "## Hi" });
    expect(wrongShape.status).toBe(400);
    expect(wrongShape.body.error.fields.markdown).toBe("Send the Markdown to preview.");
    const tooLong = await json("POST", "/help-guides/preview", { markdown: "x".repeat(200_001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.fields.markdown).toBe("The text must be 200,000 characters or fewer.");
  });

  it("previews a published item's unsaved changes for staff only, noindex and never cached, saving nothing", async () => {
    const { id, version } = await create("/blog-posts", draft("admin-live-change", { status: "published" }));
    const guide = await create("/help-guides", draft("admin-live-guide", { status: "published" }));
    const before = await contentVersion();
    // What the editor posts: its current values as one JSON field, multipart, from the site.
    const postPreview = (path: string, values: unknown, cookie: string | null = editorCookie, origin = server.url) => {
      const form = new FormData();
      form.set("values", typeof values === "string" ? values : JSON.stringify(values));
      return fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: origin, ...(cookie ? { Cookie: cookie } : {}) },
        body: form,
      });
    };
    const changes = {
      ...draft("admin-live-change", { status: "published" }),
      title: "A title not saved yet",
      excerpt: "An excerpt not saved yet.",
      body: "## Fresh section\n\nText typed a moment ago.",
    };

    const res = await postPreview(`/preview/blog/${id}`, changes);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const html = await res.text();
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    expect(html).toContain("<title>Preview: A title not saved yet | Meritum</title>");
    expect(html).toMatch(/<h1[^>]*>A title not saved yet<\/h1>/);
    expect(html).toContain('id="h-fresh-section"');
    expect(html).toContain("Unsaved changes: this is how the page will look once they are saved.");

    const guidePreview = await postPreview(`/preview/guides/${guide.id}`, {
      ...draft("admin-live-guide", { status: "published" }),
      title: "A guide title not saved yet",
    });
    expect(guidePreview.status).toBe(200);
    expect(guidePreview.headers.get("cache-control")).toBe("no-store");
    expect(await guidePreview.text()).toContain("A guide title not saved yet");

    // Nothing was saved: the public page, the item and the content version are unchanged.
    const live = await (await page("/resources/blog/admin-live-change")).text();
    expect(live).toContain("Admin post admin-live-change");
    expect(live).not.toContain("A title not saved yet");
    const stored = await json("GET", `/blog-posts/${id}`);
    expect([stored.body.item.title, stored.body.item.version]).toEqual(["Admin post admin-live-change", version]);
    expect(await contentVersion()).toBe(before);

    // Staff only (anonymous → sign-in; the body is not read), same-site only, values checked.
    const anon = await postPreview(`/preview/blog/${id}`, changes, null);
    expect(anon.status).toBe(302);
    expect(anon.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    expect((await postPreview(`/preview/blog/${id}`, changes, editorCookie, "https://evil.example")).status).toBe(403);
    const invalid = await postPreview(`/preview/blog/${id}`, { ...changes, title: " " });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("These changes cannot be previewed yet");
    expect((await postPreview(`/preview/blog/${id}`, "not json")).status).toBe(400);
    expect((await postPreview("/preview/blog/no-such-id", changes)).status).toBe(404);
  });
});
