import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, getPage, startStaffServer } from "../support/auth";
import { dbKinds } from "../support/db";
import type { TestServer } from "../support/server";

/** The FAQ, industries and site-settings screens' APIs: validation, permissions, reorder, redirects, freshness. */

function jsonLd(html: string): any[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((m) => {
    const parsed = JSON.parse(m[1]!);
    return Array.isArray(parsed) ? parsed : [parsed];
  });
}

describe.each(dbKinds())("FAQ items, industries and settings on %s", (kind) => {
  let server: TestServer;
  let adminCookie: string;
  let editorCookie: string;

  beforeAll(async () => {
    ({ server, adminCookie, editorCookie } = await startStaffServer(kind));
  });
  afterAll(() => server?.stop());

  const call = (method: string, path: string, body?: unknown, cookie: string | null = editorCookie) =>
    apiCall(server, method, `/api/admin${path}`, cookie, body);
  const json = async (res: Response) => (await res.json()) as any;
  const version = async () =>
    Number(
      (
        await server.database.db
          .selectFrom("content_versions")
          .select("version")
          .where("key", "=", "content")
          .executeTakeFirstOrThrow()
      ).version,
    );
  const auditActions = async () =>
    (await server.database.db.selectFrom("audit_log").select("action").execute()).map((r) => r.action);

  it("guards every area: anonymous 401, editors may edit FAQ and industries but not settings", async () => {
    for (const path of ["/faq-items", "/industries", "/settings", "/media"])
      expect((await call("GET", path, undefined, null)).status).toBe(401);
    expect((await call("GET", "/faq-items")).status).toBe(200);
    expect((await call("GET", "/industries")).status).toBe(200);
    expect((await call("GET", "/media")).status).toBe(200);
    expect((await call("GET", "/settings")).status).toBe(403);
    expect((await call("PATCH", "/settings", { phone: "(480) 555-0101" })).status).toBe(403);
    expect((await call("GET", "/settings", undefined, adminCookie)).status).toBe(200);
    // The pages follow the same table: editors get 403 on /admin/settings.
    expect((await getPage(server, "/admin/settings", editorCookie)).status).toBe(403);
    expect((await getPage(server, "/admin/settings", adminCookie)).status).toBe(200);
    expect((await getPage(server, "/admin/industries", editorCookie)).status).toBe(200);
  });

  it("refuses a bad FAQ item with field errors and stores nothing", async () => {
    const before = (await json(await call("GET", "/faq-items"))).items.length;
    const res = await call("POST", "/faq-items", { slug: "Bad Slug!", question: " ", answer: "", category: "" });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(Object.keys(body.error.fields).sort()).toEqual(["answer", "category", "question", "slug"]);
    expect((await json(await call("GET", "/faq-items"))).items.length).toBe(before);
  });

  it("creates an item last in its category, answers 409 on a taken slug, edits, previews and deletes it", async () => {
    const v0 = await version();
    const created = await call("POST", "/faq-items", {
      slug: "can-i-pay-weekly",
      question: "Can I pay weekly?",
      answer: "Yes, **weekly** billing is possible.",
      category: "Pricing and fees",
      published: true,
    });
    expect(created.status).toBe(201);
    const id = (await json(created)).data.id as string;
    expect(await version()).toBeGreaterThan(v0);
    const list = await json(await call("GET", "/faq-items"));
    const pricing = list.items.filter((i: any) => i.category === "Pricing and fees");
    expect(pricing.at(-1).id).toBe(id);

    const dup = await call("POST", "/faq-items", {
      slug: "can-i-pay-weekly",
      question: "Q?",
      answer: "A",
      category: "X",
    });
    expect(dup.status).toBe(409);
    expect((await json(dup)).error.fields.slug).toMatch(/already used/);

    expect((await call("PATCH", `/faq-items/${id}`, { question: "Can I be billed weekly?" })).status).toBe(200);
    const nothing = await call("PATCH", `/faq-items/${id}`, { unknown: true });
    expect(nothing.status).toBe(400);
    expect((await json(nothing)).error.message).toMatch(/^Nothing to change/);
    const preview = await json(await call("POST", "/faq-items/preview", { markdown: "Hi <script>x()</script>**b**" }));
    expect(preview.html).toContain("<strong>b</strong>");
    expect(preview.html).not.toContain("<script");
    const page = await (await getPage(server, "/resources/faq")).text();
    expect(page).toContain("Can I be billed weekly?");

    expect((await call("DELETE", `/faq-items/${id}`)).status).toBe(200);
    expect((await call("DELETE", `/faq-items/${id}`)).status).toBe(404);
    expect(await (await getPage(server, "/resources/faq")).text()).not.toContain("Can I be billed weekly?");
    expect(await auditActions()).toEqual(expect.arrayContaining(["faq.created", "faq.updated", "faq.deleted"]));
  });

  it("reorders a category; the public FAQ, its deep links and FAQPage data follow; a stale list is 409", async () => {
    const { items, categories } = await json(await call("GET", "/faq-items"));
    const category = categories[1] as string;
    const ids = items.filter((i: any) => i.category === category && i.published).map((i: any) => i.id as string);
    expect(ids.length).toBeGreaterThan(2);
    const all = items.filter((i: any) => i.category === category).map((i: any) => i.id as string);
    const reordered = [all.at(-1)!, ...all.slice(0, -1)];
    const res = await call("POST", "/faq-items/reorder", { category, ids: reordered });
    expect(res.status).toBe(200);

    const after = await json(await call("GET", "/faq-items"));
    expect(after.categories).toEqual(categories); // the category keeps its place
    expect(after.items.filter((i: any) => i.category === category).map((i: any) => i.id)).toEqual(reordered);

    const html = await (await getPage(server, "/resources/faq")).text();
    const bySlug = new Map<string, any>(after.items.map((i: any) => [i.id, i]));
    const publishedOrder = reordered.map((id) => bySlug.get(id)).filter((i) => i.published);
    const positions = publishedOrder.map((i) => html.indexOf(`id="${i.slug}"`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const faqPage = jsonLd(html).find((d) => d["@type"] === "FAQPage");
    const names: string[] = faqPage.mainEntity.map((q: any) => q.name);
    const questionPositions = publishedOrder.map((i) => names.indexOf(i.question));
    expect([...questionPositions].sort((a, b) => a - b)).toEqual(questionPositions);

    expect((await call("POST", "/faq-items/reorder", { category, ids: reordered.slice(1) })).status).toBe(409);
    // A move made from an order that is no longer the current one (a stale basis) is refused.
    const stale = await call("POST", "/faq-items/reorder", { category, basis: all, ids: all });
    expect(stale.status).toBe(409);
    expect((await json(stale)).error.message).toMatch(/changed this order/);
    expect((await call("POST", "/faq-items/reorder", { category, basis: reordered, ids: reordered })).status).toBe(200);
    expect((await call("POST", "/faq-items/reorder", { category: "No such", ids: ["x"] })).status).toBe(404);
    expect((await call("POST", "/faq-items/reorder", { category, ids: "nope" })).status).toBe(400);
    expect(await auditActions()).toContain("faq.reordered");
  });

  it("checks an industry slug as you type: free or its own is 200, another industry's is 409, a bad one 400", async () => {
    const { industries } = await json(await call("GET", "/industries"));
    const [first, second] = industries as Array<{ id: string; slug: string }>;
    const check = (slug: string, id?: string, cookie?: string | null) =>
      call("GET", `/industries/slug-check?${new URLSearchParams({ slug, ...(id ? { id } : {}) })}`, undefined, cookie);
    const free = await check("a-brand-new-industry", first!.id);
    expect(free.status).toBe(200);
    expect(await json(free)).toEqual({ available: true, slug: "a-brand-new-industry" });
    expect((await check(first!.slug, first!.id)).status).toBe(200);
    const taken = await check(second!.slug, first!.id);
    expect(taken.status).toBe(409);
    expect((await json(taken)).error).toMatchObject({
      code: "conflict",
      fields: { slug: "Another industry already uses that slug." },
    });
    expect((await check(second!.slug)).status).toBe(409);
    expect((await check("Not A Slug", first!.id)).status).toBe(400);
    expect((await check("a-brand-new-industry", first!.id, null)).status).toBe(401);
  });

  it("edits an industry; a slug change 301s the old path (one hop), a stale edit is 409", async () => {
    const { industries } = await json(await call("GET", "/industries"));
    const industry = industries[0];
    const oldPath = `/industries/${industry.slug}`;
    const bad = await call("PUT", `/industries/${industry.id}`, { ...industry, name: "", slug: "No Good" });
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).error.fields).sort()).toEqual(["name", "slug"]);

    const save = (fields: Record<string, unknown>, base?: string) =>
      call("PUT", `/industries/${industry.id}`, { ...industry, ...fields, baseUpdatedAt: base });
    const first = await save({ slug: "moved-once", summary: "A new summary for this industry." }, industry.updatedAt);
    expect(first.status).toBe(200);
    const stale = await save({ summary: "Someone else" }, industry.updatedAt);
    expect(stale.status).toBe(409);
    expect(await (await getPage(server, "/industries/moved-once")).text()).toContain(
      "A new summary for this industry.",
    );
    let res = await getPage(server, `${oldPath}?utm=x`);
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/industries/moved-once?utm=x");

    expect((await save({ slug: "moved-twice" })).status).toBe(200);
    for (const from of [oldPath, "/industries/moved-once"]) {
      res = await getPage(server, from);
      expect(res.status).toBe(301);
      expect(res.headers.get("location")).toBe("/industries/moved-twice");
    }
    const taken = await save({ slug: industries[1].slug });
    expect(taken.status).toBe(409);
    // Moving back makes the original path live again (no redirect loop).
    expect((await save({ slug: industry.slug })).status).toBe(200);
    expect((await getPage(server, oldPath)).status).toBe(200);
    expect((await getPage(server, "/industries/moved-twice")).headers.get("location")).toBe(oldPath);
    // Unpublished: gone from the list and its page.
    expect((await save({ published: false })).status).toBe(200);
    expect((await getPage(server, oldPath)).status).toBe(404);
    expect(await (await getPage(server, "/industries")).text()).not.toContain(`href="${oldPath}"`);
    expect(await auditActions()).toContain("industry.updated");
  });

  it("settings: validated, shown by the shell on the next request, owner slug change 301s the old page", async () => {
    const admin = (method: string, body?: unknown) => call(method, "/settings", body, adminCookie);
    const bad = await admin("PATCH", { phone: "1", email: "nope", ownerSlug: "Not A Slug" });
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).error.fields).sort()).toEqual(["email", "ownerSlug", "phone"]);

    const v0 = await version();
    const ok = await admin("PATCH", {
      phone: "(480) 555-0142",
      ownerName: "Dana Ellison",
      ownerSlug: "dana",
      seoDescription: "Payment processing from Gilbert with people who answer the phone.",
    });
    expect(ok.status).toBe(200);
    expect(await version()).toBeGreaterThan(v0);
    const home = await (await getPage(server, "/")).text();
    expect(home).toContain("(480) 555-0142");
    expect(home).toContain('href="/meet-dana"');
    expect(home).toContain("Meet Dana");
    expect(home).toContain('content="Payment processing from Gilbert with people who answer the phone."');
    expect(JSON.stringify(jsonLd(home))).toContain("(480) 555-0142");
    expect((await getPage(server, "/meet-dana")).status).toBe(200);
    const moved = await getPage(server, "/meet-mark");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/meet-dana");
    expect((await getPage(server, "/meet-nobody")).status).toBe(404);

    const saved = await json(await admin("GET"));
    expect(saved.settings).toMatchObject({ phone: "(480) 555-0142", ownerSlug: "dana" });
    expect(await auditActions()).toContain("settings.updated");
  });
});
