import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, getPage, startStaffServer } from "../support/auth";
import { dbKinds } from "../support/db";
import { sendPartialBody } from "../support/stream-body";
import type { TestServer } from "../support/server";

/** Image upload (/api/admin/media): refusals store nothing; variants are served immutable; usage and delete. */

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .png()
    .toBuffer();

describe.each(dbKinds())("images on %s", (kind) => {
  let server: TestServer;
  let editorCookie: string;
  let adminCookie: string;

  beforeAll(async () => {
    ({ server, editorCookie, adminCookie } = await startStaffServer(kind));
  });
  afterAll(() => server?.stop());

  const upload = (bytes: Uint8Array, headers: Record<string, string> = {}, cookie: string | null = editorCookie) =>
    fetch(`${server.url}/api/admin/media`, {
      method: "POST",
      headers: {
        Origin: server.url,
        "Content-Type": "application/octet-stream",
        "X-File-Name": encodeURIComponent("shop front.png"),
        "X-Alt-Text": encodeURIComponent("The shop front on Main Street"),
        ...(cookie ? { Cookie: cookie } : {}),
        ...headers,
      },
      body: bytes as Uint8Array<ArrayBuffer>,
    });
  const counts = async () => {
    const db = server.database.db;
    const files = await db
      .selectFrom("stored_files")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    const images = await db
      .selectFrom("images")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    return { files: Number(files.n), images: Number(images.n) };
  };

  it("refuses anonymous uploads, a missing description, a non-image by content and a file over 10 MB, storing nothing", async () => {
    const before = await counts();
    expect((await upload(await png(10, 10), {}, null)).status).toBe(401);

    const noAlt = await upload(await png(10, 10), { "X-Alt-Text": "" });
    expect(noAlt.status).toBe(400);
    expect(((await noAlt.json()) as any).error.fields.alt).toMatch(/alt text/);

    // A PDF named and declared as an image.
    const fake = new TextEncoder().encode("%PDF-1.7\n1 0 obj <<>> endobj\n");
    const wrong = await upload(fake, { "Content-Type": "image/png", "X-File-Name": "photo.png" });
    expect(wrong.status).toBe(415);
    expect(((await wrong.json()) as any).error.message).toMatch(/not a JPEG, PNG, WebP or AVIF/);

    // A PNG signature followed by garbage: looks right, does not decode.
    const broken = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(7)]);
    expect((await upload(broken)).status).toBe(415);

    // Over 10 MB: refused by Content-Length before any of the body is read, or (streamed)
    // as soon as the counted bytes pass the limit; the connection is closed after the answer.
    const tooBig = { contentType: "application/octet-stream", headers: { Cookie: editorCookie, "X-Alt-Text": "Big" } };
    const byLength = await sendPartialBody(server.url, "/api/admin/media", {
      ...tooBig,
      sendBytes: 0,
      declaredBytes: 10 * 1024 * 1024 + 1,
    });
    const byCount = await sendPartialBody(server.url, "/api/admin/media", {
      ...tooBig,
      sendBytes: 10 * 1024 * 1024 + 1,
    });
    for (const refused of [byLength, byCount]) {
      expect(refused.status).toBe(413);
      expect(refused.headers.connection).toBe("close");
      expect(JSON.parse(refused.body).error.message).toMatch(/larger than 10 MB/);
    }

    expect(await counts()).toEqual(before);
  });

  it("renders an uploaded image in a post's and a guide's Markdown body responsive, on the public page and the preview", async () => {
    const image = ((await (await upload(await png(1800, 1200))).json()) as any).data.image;
    const body = (slug: string) =>
      `## Behind the counter\n\nThe terminal for ${slug}.\n\n![A card terminal on the counter](/media/${image.id}/original)`;
    const article = (slug: string, status: string) => ({
      slug,
      title: `Body image in ${slug}`,
      excerpt: `An article with an image in its body (${slug}).`,
      body: body(slug),
      category: "Media checks",
      tags: [],
      status,
    });
    const created = async (area: string, input: Record<string, unknown>) => {
      const res = await apiCall(server, "POST", `/api/admin/${area}`, editorCookie, input);
      expect(res.status).toBe(201);
      return ((await res.json()) as any).data as { id: string };
    };
    await created("blog-posts", article("post-with-body-image", "published"));
    const draftPost = await created("blog-posts", article("draft-post-with-body-image", "draft"));
    await created("help-guides", article("guide-with-body-image", "published"));
    const draftGuide = await created("help-guides", article("draft-guide-with-body-image", "draft"));

    const sources = (format: string) =>
      [480, 960, 1600].map((w) => `/media/${image.id}/${w}.${format} ${w}w`).join(", ");
    const picture =
      `<picture><source type="image/avif" srcset="${sources("avif")}" sizes="(min-width: 800px) 768px, 100vw" />` +
      `<source type="image/webp" srcset="${sources("webp")}" sizes="(min-width: 800px) 768px, 100vw" />` +
      `<img src="/media/${image.id}/960.webp" alt="A card terminal on the counter" width="1800" height="1200" loading="lazy" decoding="async" /></picture>`;
    for (const [path, cookie] of [
      ["/resources/blog/post-with-body-image", null],
      [`/preview/blog/${draftPost.id}`, editorCookie],
      ["/resources/guides/guide-with-body-image", null],
      [`/preview/guides/${draftGuide.id}`, editorCookie],
    ] as const) {
      const res = await getPage(server, path, cookie);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html.includes(picture), `responsive body image on ${path}`).toBe(true);
      expect(html).not.toContain(`src="/media/${image.id}/original"`);
    }
  });

  it("stores the original and AVIF/WebP variants, serves them immutable, lists where each is used, warns before deleting one in use", async () => {
    const res = await upload(await png(2000, 1000));
    expect(res.status).toBe(201);
    const image = ((await res.json()) as any).data.image;
    expect(image).toMatchObject({ width: 2000, height: 1000, format: "png", alt: "The shop front on Main Street" });
    expect(image.variants.map((v: any) => `${v.width}.${v.format}`).sort()).toEqual(
      ["1600.avif", "1600.webp", "480.avif", "480.webp", "960.avif", "960.webp"].sort(),
    );
    for (const name of ["original", "480.avif", "960.webp", "1600.avif"]) {
      const file = await getPage(server, `/media/${image.id}/${name}`);
      expect(file.status).toBe(200);
      expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const bytes = new Uint8Array(await file.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      if (name !== "original") expect(meta.width).toBe(Number(name.split(".")[0]));
      expect(file.headers.get("content-type")).toBe(name === "original" ? "image/png" : `image/${name.split(".")[1]}`);
    }
    expect((await getPage(server, `/media/${image.id}/123.webp`)).status).toBe(404);

    // A small image is not enlarged: one variant at its own width.
    const small = ((await (await upload(await png(300, 200))).json()) as any).data.image;
    expect(small.variants.map((v: any) => v.width)).toEqual([300, 300]);

    // Used as an FAQ answer image: listed, and delete warns (409) until forced.
    const faq = await apiCall(server, "POST", "/api/admin/faq-items", editorCookie, {
      slug: "what-does-the-shop-look-like",
      question: "What does the shop look like?",
      answer: `![The shop](/media/${image.id}/original)`,
      category: "About us",
      published: true,
    });
    expect(faq.status).toBe(201);
    // The public FAQ renders it responsive: AVIF and WebP srcset, intrinsic size, lazy. (Closed
    // accordion answers travel in the page's data, quotes escaped.)
    const faqHtml = (await (await getPage(server, "/resources/faq")).text())
      .replace(/\\+"/g, '"')
      .replace(/\\u003c/g, "<")
      .replace(/\\u003e/g, ">");
    const avif = `<source type="image/avif" srcset="/media/${image.id}/480.avif 480w, /media/${image.id}/960.avif 960w, /media/${image.id}/1600.avif 1600w"`;
    expect(faqHtml.includes(avif), "AVIF srcset in the FAQ answer").toBe(true);
    const img = `<img src="/media/${image.id}/960.webp" alt="The shop" width="2000" height="1000" loading="lazy"`;
    expect(faqHtml.includes(img), "sized, lazy <img> in the FAQ answer").toBe(true);
    const list = (await (await apiCall(server, "GET", "/api/admin/media", editorCookie)).json()) as any;
    const listed = list.images.find((i: any) => i.id === image.id);
    expect(listed.uses).toEqual([
      expect.objectContaining({ kind: "FAQ item", title: "What does the shop look like?" }),
    ]);

    // Chosen as the share image: link previews use it; an unknown id is refused.
    const share = (id: string) => apiCall(server, "PATCH", "/api/admin/settings", adminCookie, { shareImageId: id });
    expect((await share("0b8a1c3e-5d2f-4e6a-9b7c-1d2e3f4a5b6c")).status).toBe(400);
    expect((await share(image.id)).status).toBe(200);
    expect(await (await getPage(server, "/")).text()).toContain(
      `/media/${image.id}/original"/><meta name="twitter:card"`,
    );

    const refused = await apiCall(server, "DELETE", `/api/admin/media/${image.id}`, editorCookie);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as any).error.message).toMatch(/What does the shop look like.*Share image/);
    expect((await apiCall(server, "PATCH", `/api/admin/media/${image.id}`, editorCookie, { alt: " " })).status).toBe(
      400,
    );
    expect(
      (await apiCall(server, "PATCH", `/api/admin/media/${image.id}`, editorCookie, { alt: "Shop front, evening" }))
        .status,
    ).toBe(200);

    const before = await counts();
    expect((await apiCall(server, "DELETE", `/api/admin/media/${image.id}?force=1`, editorCookie)).status).toBe(200);
    expect(await counts()).toEqual({ files: before.files - 7, images: before.images - 1 });
    expect((await getPage(server, `/media/${image.id}/original`)).status).toBe(404);
    const actions = (await server.database.db.selectFrom("audit_log").select("action").execute()).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["image.uploaded", "image.updated", "image.deleted"]));
  });
});
