import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CollectEvent } from "@common/analytics";
import { isPostgres } from "@server/db/dialect";
import type { VisitorsResponse } from "@server/analytics/api";
import { purgeAnalytics } from "@server/analytics/retention";
import { visitorReport } from "@server/analytics/report";
import type { DB } from "@server/db";
import { apiCall, startStaffServer, type StaffServer } from "../support/auth";
import { dbKinds } from "../support/db";
import { leadForm } from "../support/lead-forms";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Visitor analytics without cookies (issue 23, decision 0044), on both databases, against the
 * production build: the beacon's counts reach the shared hourly aggregates, GPC/DNT visits are
 * counted without a visitor, robots and staff are not counted, nothing sets a cookie and no
 * address is stored; the report joins the submissions and contacts by source.
 */

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const NEWSLETTER = "/?utm_source=newsletter&utm_campaign=fall";

/** Addresses the visitors come from; none of them may appear in any table. */
const VISITOR_IPS = ["198.51.100.21", "198.51.100.22", "198.51.100.23", "198.51.100.24", "198.51.100.25"];

function view(path: string, extra: Partial<Extract<CollectEvent, { type: "view" }>> = {}): CollectEvent {
  return { type: "view", path, landing: path, referrer: null, forms: [], ...extra };
}

async function beacon(url: string, event: unknown, headers: Record<string, string> = {}) {
  return fetch(`${url}/api/collect`, {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": CHROME, ...headers },
    body: JSON.stringify(event),
  });
}

async function sumViews(db: DB) {
  const row = await db
    .selectFrom("analytics_page_hours")
    .select([
      sql<number>`coalesce(sum(views), 0)`.as("views"),
      sql<number>`coalesce(sum(visitors), 0)`.as("visitors"),
      sql<number>`coalesce(sum(private_views), 0)`.as("private"),
    ])
    .executeTakeFirstOrThrow();
  return { views: Number(row.views), visitors: Number(row.visitors), private: Number(row.private) };
}

/** Every text of every row of every table, to look for what must not be stored. */
async function everything(db: DB): Promise<string> {
  const tables = isPostgres(db)
    ? (
        await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = 'public'`.execute(db)
      ).rows
    : (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)).rows;
  let text = "";
  for (const { name } of tables) {
    const rows = await sql`select * from ${sql.table(name)}`.execute(db);
    text += JSON.stringify(rows.rows, (_k, v: unknown) => (Buffer.isBuffer(v) ? "<bytes>" : v));
  }
  return text;
}

describe.each(dbKinds())("visitor analytics on %s", (kind) => {
  let staff: StaffServer;
  let server: TestServer;
  const db = () => server.database.db;

  beforeAll(async () => {
    staff = await startStaffServer(kind, { CONTACT_RATE_LIMIT: "100", CONTACT_MIN_SUBMIT_SECONDS: "1" });
    server = staff.server;
  });
  afterAll(() => staff?.server.stop());

  it("counts views, visitors, private views, sources, devices and form steps in hourly aggregates", async () => {
    const [a, b, gpc, dnt, bot] = VISITOR_IPS;
    const sent = [
      // Visitor A lands from the newsletter and reads two more pages (the first touch stays).
      beacon(server.url, view("/", { landing: NEWSLETTER, referrer: "https://mail.example.com/" }), {
        "x-forwarded-for": a!,
      }),
      beacon(server.url, view("/about", { landing: NEWSLETTER, referrer: "https://mail.example.com/" }), {
        "x-forwarded-for": a!,
      }),
      beacon(
        server.url,
        view("/contact", { landing: NEWSLETTER, referrer: "https://mail.example.com/", forms: [{ kind: "lead" }] }),
        {
          "x-forwarded-for": a!,
        },
      ),
      beacon(server.url, { type: "start", form: { kind: "lead" } }, { "x-forwarded-for": a! }),
      // Visitor B, on a phone, twice on /about.
      beacon(server.url, view("/about"), { "x-forwarded-for": b!, "user-agent": IPHONE }),
      beacon(server.url, view("/about/"), { "x-forwarded-for": b!, "user-agent": IPHONE }),
      beacon(server.url, view("/services/merchant-accounts"), { "x-forwarded-for": b!, "user-agent": IPHONE }),
      beacon(server.url, { type: "calculator", form: { kind: "lead" } }, { "x-forwarded-for": b! }),
      beacon(server.url, view("/resources/search", { searchMiss: "  Bitcoin  FEES" }), {
        "x-forwarded-for": b!,
        "user-agent": IPHONE,
      }),
      // Browsers that ask not to be tracked: views without a visitor.
      beacon(server.url, view("/"), { "x-forwarded-for": gpc!, "sec-gpc": "1" }),
      beacon(server.url, view("/"), { "x-forwarded-for": dnt!, dnt: "1" }),
      // Not counted: robots, a headless browser, signed-in staff.
      beacon(server.url, view("/"), {
        "x-forwarded-for": bot!,
        "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)",
      }),
      beacon(server.url, view("/"), { "x-forwarded-for": bot!, "user-agent": "Mozilla/5.0 HeadlessChrome/130.0.0.0" }),
      beacon(server.url, view("/"), { "x-forwarded-for": bot!, cookie: staff.adminCookie, origin: server.url }),
    ];
    for (const res of await Promise.all(sent)) {
      expect(res.status).toBe(204);
      expect(res.headers.get("set-cookie")).toBeNull();
    }

    await expect.poll(() => sumViews(db()), { timeout: 15_000 }).toEqual({ views: 9, visitors: 2, private: 2 });
    const perPath = await db()
      .selectFrom("analytics_page_hours")
      .select(["path", sql<number>`sum(views)`.as("views"), sql<number>`sum(page_visitors)`.as("visitors")])
      .groupBy("path")
      .orderBy("path")
      .execute();
    expect(perPath.map((r) => [r.path, Number(r.views), Number(r.visitors)])).toEqual([
      ["/", 3, 1],
      ["/about", 3, 2],
      ["/contact", 1, 1],
      ["/resources/search", 1, 1],
      ["/services/merchant-accounts", 1, 1],
    ]);
    const newsletter = await db()
      .selectFrom("analytics_page_hours")
      .select([
        "landing_page",
        "referrer_host",
        "utm_medium",
        sql<number>`sum(views)`.as("views"),
        sql<number>`sum(source_visitors)`.as("visitors"),
      ])
      .where("utm_source", "=", "newsletter")
      .where("utm_campaign", "=", "fall")
      .groupBy(["landing_page", "referrer_host", "utm_medium"])
      .orderBy("referrer_host")
      .execute();
    expect(
      newsletter.map((r) => [r.landing_page, r.referrer_host, r.utm_medium, Number(r.views), Number(r.visitors)]),
    ).toEqual([["/", "mail.example.com", "", 3, 1]]);
    const devices = await db()
      .selectFrom("analytics_page_hours")
      .select(["device", sql<number>`sum(views)`.as("views")])
      .groupBy("device")
      .orderBy("device")
      .execute();
    expect(devices.map((d) => [d.device, Number(d.views)])).toEqual([
      ["desktop", 5],
      ["mobile", 4],
    ]);
    await expect
      .poll(
        async () =>
          (
            await db().selectFrom("analytics_form_hours").select(["form", "step", "count"]).orderBy("step").execute()
          ).map((r) => [r.form, r.step, Number(r.count)]),
        { timeout: 15_000 },
      )
      .toEqual([
        ["free-analysis", "calculator", 1],
        ["free-analysis", "start", 1],
        ["free-analysis", "view", 1],
      ]);
    const misses = await db().selectFrom("analytics_search_misses").select(["query", "count"]).execute();
    expect(misses.map((m) => [m.query, Number(m.count)])).toEqual([["bitcoin fees", 1]]);
    // The visitors seen today are kept only as hashes (site, path and source scopes), none for GPC/DNT.
    const seen = await db().selectFrom("analytics_visitor_days").select(["scope", "visitor_hash"]).execute();
    expect(seen.filter((s) => s.scope === "s")).toHaveLength(2);
    for (const s of seen) expect(s.visitor_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(await db().selectFrom("analytics_salts").select("day").execute()).toHaveLength(1);
  });

  it("joins the submissions and contacts by source in the report and its CSV", async () => {
    const res = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { "x-forwarded-for": "192.0.2.200" },
      body: leadForm({
        email: "newsletter.reader@example.com",
        _landing: NEWSLETTER,
        _referrer: "https://mail.example.com/",
        _utm_source: "newsletter",
        _utm_campaign: "fall",
      }),
    });
    expect(res.status).toBe(200);
    // Spam is not a submission.
    const spam = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { "x-forwarded-for": "192.0.2.201" },
      body: leadForm({
        email: "bot@example.com",
        _utm_source: "newsletter",
        _utm_campaign: "fall",
        referral_code: "x",
      }),
    });
    expect(spam.status).toBe(200);
    await db()
      .updateTable("contacts")
      .set({ status: "customer" })
      .where("email", "=", "newsletter.reader@example.com")
      .execute();

    const report = await visitorReport(db(), 7);
    const campaign = report.campaigns.find((c) => c.source === "newsletter" && c.campaign === "fall");
    expect(campaign).toMatchObject({ medium: "", views: 3, visitors: 1, submissions: 1, submissionRateBp: 10_000 });
    const source = report.sources.find((s) => s.source === "newsletter");
    expect(source).toMatchObject({ visitors: 1, submissions: 1, contacts: 1, contacted: 1, customers: 1 });
    expect(report.funnel.find((f) => f.form === "free-analysis")).toEqual({
      form: "free-analysis",
      views: 1,
      starts: 1,
      calculator: 1,
      submissions: 1,
    });
    expect(report.totals).toMatchObject({ views: 9, visitors: 2, privateViews: 2, submissions: 1, customers: 1 });
    expect(report.perDay).toHaveLength(7);
    expect(report.searchMisses).toEqual([{ query: "bitcoin fees", searches: 1 }]);

    const api = await apiCall(server, "GET", "/api/admin/dashboard/visitors/?days=7", staff.editorCookie);
    expect(api.status).toBe(200);
    const body = (await api.json()) as VisitorsResponse;
    expect(body.campaigns[0]).toMatchObject({ source: "newsletter", campaign: "fall", submissions: 1 });
    const csv = await apiCall(server, "GET", "/api/admin/dashboard/visitors/campaigns.csv?days=7", staff.editorCookie);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = await csv.text();
    expect(text).toContain(
      '"UTM source","UTM medium","UTM campaign","Views","Visitors","Submissions","Submission rate %"',
    );
    // Text cells are quoted (server/http/csv.ts), numbers are not; no medium was given.
    expect(text).toMatch(/"newsletter",(""|),"fall",3,1,1,"?100\.00"?\r\n/);

    const badRange = await apiCall(server, "GET", "/api/admin/dashboard/visitors/?days=12", staff.editorCookie);
    expect(badRange.status).toBe(400);
    expect(((await badRange.json()) as { error: { code: string } }).error.code).toBe("validation");
    expect((await apiCall(server, "GET", "/api/admin/dashboard/visitors/nope.csv", staff.editorCookie)).status).toBe(
      404,
    );
    expect((await apiCall(server, "GET", "/api/admin/dashboard/visitors/?days=7", null)).status).toBe(401);
  });

  it("refuses a beacon that is not one, in the API's error shape", async () => {
    const bad = await beacon(server.url, {
      type: "view",
      path: "https://elsewhere.example/",
      landing: null,
      referrer: null,
      forms: [],
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("validation");
    const shape = await beacon(server.url, { type: "click" });
    expect(shape.status).toBe(400);
    const type = await fetch(`${server.url}/api/collect`, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "text/plain" },
    });
    expect(type.status).toBe(415);
    const big = await beacon(server.url, { ...view("/"), searchMiss: "x".repeat(5000) });
    expect(big.status).toBe(413);
  });

  it("sets no cookie on any public response", async () => {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(paths.length).toBeGreaterThan(10);
    for (const path of [
      ...paths,
      "/resources/search?q=bitcoin",
      "/no-such-page",
      "/robots.txt",
      "/sitemap.xml",
      "/api/form-token",
    ]) {
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${server.url}${path}`, { headers: { "user-agent": CHROME } });
        await res.arrayBuffer();
        expect(res.headers.get("set-cookie"), path).toBeNull();
      }
    }
    const counted = await beacon(server.url, view("/"), { "x-forwarded-for": VISITOR_IPS[0]! });
    expect(counted.headers.get("set-cookie")).toBeNull();
  }, 120_000); // every public page rendered twice: tens of seconds on a busy 2-core machine

  it("stores no visitor address in any table, and purges aggregates past their retention", async () => {
    await expect.poll(async () => (await sumViews(db())).views, { timeout: 15_000 }).toBe(10);
    const stored = await everything(db());
    for (const ip of VISITOR_IPS) expect(stored).not.toContain(ip);
    const analytics = JSON.stringify(
      await Promise.all(
        (
          [
            "analytics_page_hours",
            "analytics_form_hours",
            "analytics_search_misses",
            "analytics_salts",
            "analytics_visitor_days",
          ] as const
        ).map((t) => db().selectFrom(t).selectAll().execute()),
      ),
    );
    expect(analytics).not.toMatch(/\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b/);

    // The daily purge is queued once, whichever instance starts first.
    const jobs = await db().selectFrom("jobs").select(["key"]).where("kind", "=", "analytics.purge").execute();
    expect(jobs.length).toBeGreaterThanOrEqual(1);
    const old = new Date(Date.now() - 731 * 86_400_000).toISOString().slice(0, 13);
    await db()
      .insertInto("analytics_page_hours")
      .values({
        hour: old,
        path: "/old",
        landing_page: "",
        referrer_host: "",
        utm_source: "",
        utm_medium: "",
        utm_campaign: "",
        device: "desktop",
        views: 5,
        private_views: 0,
        visitors: 1,
        page_visitors: 1,
        source_visitors: 1,
      })
      .execute();
    await db().insertInto("analytics_search_misses").values({ hour: old, query: "old", count: 1 }).execute();
    const purged = await purgeAnalytics(db(), 730);
    expect(purged).toEqual({ pageHours: 1, formHours: 0, searchMisses: 1 });
    expect((await sumViews(db())).views).toBe(10);
    expect(await purgeAnalytics(db(), 730)).toEqual({ pageHours: 0, formHours: 0, searchMisses: 0 });
  });
});

describe.skipIf(!dbKinds().includes("postgres"))("visitor analytics: two instances on one PostgreSQL", () => {
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    first = await startTestServer({ db: "postgres", env: { TRUST_PROXY: "1" } });
    second = await startTestServer({ sharedDatabase: first.database, env: { TRUST_PROXY: "1" } });
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  it("add up: one visitor seen by both is one visitor, every view counts", async () => {
    const sends = [];
    for (let i = 0; i < 10; i++) {
      const instance = i % 2 ? second : first;
      sends.push(beacon(instance.url, view("/about"), { "x-forwarded-for": "198.51.100.77" }));
      sends.push(beacon(instance.url, view("/"), { "x-forwarded-for": `198.51.100.${100 + i}` }));
    }
    for (const res of await Promise.all(sends)) expect(res.status).toBe(204);
    await expect
      .poll(() => sumViews(first.database.db), { timeout: 15_000 })
      .toEqual({ views: 20, visitors: 11, private: 0 });
    const about = await first.database.db
      .selectFrom("analytics_page_hours")
      .select([sql<number>`sum(views)`.as("views"), sql<number>`sum(page_visitors)`.as("visitors")])
      .where("path", "=", "/about")
      .executeTakeFirstOrThrow();
    expect([Number(about.views), Number(about.visitors)]).toEqual([10, 1]);
  });
});
