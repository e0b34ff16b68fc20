import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "@server/auth/token-hash";
import { apiCall, getPage, startStaffServer, type StaffServer } from "../support/auth";
import { dbKinds } from "../support/db";
import { contactFiles, storeFreeAnalysis } from "../support/lead-forms";
import { startTestSmtp, type CapturedMail, type TestSmtp } from "../support/smtp";

/**
 * Statement reviews and proposals (issue 22, decision 0043) over real HTTP on both databases,
 * with a real SMTP server: who may call what, the no-saving confirmation, the link stored as
 * a digest, views (staff and bots not counted), acceptance once with the staff notice,
 * supersede, expiry, the list's filter and sort, erasure, and the statement shown inline.
 */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
/** The flat-rate merchant of the unit tests: saves $80.00 a month at the default pricing. */
const SAVING = { statementMonth: "2026-10", volume: "20,000.00", transactions: "500", fees: "570.00" };
/** Already cheap: Meritum would cost $410.00 a month more. */
const NO_SAVING = { statementMonth: "2026-10", volume: "100,000", transactions: "2000", fees: "1900" };

function tokenIn(mail: CapturedMail): string {
  const match = /https?:\/\/[^\s"<>]+\/proposals\/([A-Za-z0-9_-]{43})\b/.exec(mail.text);
  if (!match) throw new Error(`no proposal link in mail:\n${mail.text}`);
  return match[1]!;
}

describe.each(dbKinds())("proposals on %s", (kind) => {
  let staff: StaffServer;
  let smtp: TestSmtp;
  const db = () => staff.server.database.db;
  const call = (method: string, url: string, body?: unknown, cookie: string | null = staff.adminCookie) =>
    apiCall(staff.server, method, `/api/admin/${url}`, cookie, body);
  const page = (token: string, cookie?: string | null, ua = BROWSER) =>
    getPage(staff.server, `/proposals/${token}`, cookie, { "User-Agent": ua });
  const accept = (token: string, cookie: string | null = null, ip = "198.51.100.77") =>
    fetch(`${staff.server.url}/proposals/${token}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: staff.server.url,
        "User-Agent": BROWSER,
        "X-Forwarded-For": ip,
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: "",
    });
  const seed = async (email: string, withStatement = false) =>
    (
      await storeFreeAnalysis(
        db(),
        {
          name: "Dana Ruiz",
          businessName: `Ruiz Auto Care ${email}`,
          email,
          monthlyVolume: "10k-50k",
          paymentMethods: ["in-person"],
        },
        withStatement ? { filename: "October statement.pdf", bytes: PDF } : undefined,
      )
    ).contactId!;
  const send = async (contactId: string, body: Record<string, unknown> = SAVING, cookie = staff.editorCookie) => {
    const since = smtp.mails.length;
    const email = (await db().selectFrom("contacts").select("email").where("id", "=", contactId).executeTakeFirst())!
      .email;
    const res = await call("POST", `contacts/proposals/contact/${contactId}/send`, body, cookie);
    expect(res.status, await res.clone().text()).toBe(201);
    const mail = await smtp.waitFor(email, { since, match: (m) => m.text.includes("/proposals/") });
    return { token: tokenIn(mail), mail, data: ((await res.json()) as any).data };
  };
  const proposalRow = (contactId: string) =>
    db()
      .selectFrom("proposals")
      .selectAll()
      .where("contact_id", "=", contactId)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    smtp = await startTestSmtp();
    staff = await startStaffServer(kind, { SMTP_URL: smtp.url, STAFF_NOTIFY_EMAIL: "sales@meritum.test" });
  });
  afterAll(async () => {
    await staff?.server.stop();
    await smtp?.close();
  });

  it("refuses anonymous callers everywhere, keeps pricing to admins and the worksheet to contacts staff", async () => {
    const contactId = await seed("matrix@example.com", true);
    const statement = (await contactFiles(db(), contactId))[0]!;
    const worksheet: Array<[string, string, unknown?]> = [
      ["GET", `contacts/proposals/contact/${contactId}`],
      ["GET", `contacts/proposals/contact/${contactId}/statements/${statement.id}`],
      ["GET", "contacts/proposals/funnel"],
      ["POST", `contacts/proposals/contact/${contactId}/reviews`, SAVING],
    ];
    const pricing: Array<[string, string, unknown?]> = [
      ["GET", "pricing"],
      ["PUT", "pricing", { markupPercent: "0.3" }],
    ];
    for (const [method, url, body] of [
      ...worksheet,
      ...pricing,
      ["POST", `contacts/proposals/contact/${contactId}/send`, SAVING] as const,
    ]) {
      const res = await call(method, url, body, null);
      expect(res.status, `anonymous ${method} ${url}`).toBe(401);
    }
    for (const [method, url, body] of worksheet) {
      const res = await call(method, url, body, staff.editorCookie);
      expect(res.status, `editor ${method} ${url}`).toBeLessThan(300);
    }
    for (const [method, url, body] of pricing) {
      const res = await call(method, url, body, staff.editorCookie);
      expect(res.status, `editor ${method} ${url}`).toBe(403);
    }
    expect((await call("GET", "pricing")).status).toBe(200);
    expect((await getPage(staff.server, "/admin/pricing", staff.editorCookie)).status).toBe(403);
    expect((await getPage(staff.server, "/admin/pricing", null)).status).toBe(302);
    expect((await getPage(staff.server, `/admin/contacts/${contactId}/review`, null)).status).toBe(302);
    // Nothing else hangs under the proposals area: an unknown path is a JSON 404, not a contact lookup.
    expect((await call("POST", "contacts/proposals/nothing", {})).status).toBe(404);
  });

  it("shows the statement inline, framable by this origin only, to staff only", async () => {
    const contactId = await seed("inline@example.com", true);
    const { id } = (await contactFiles(db(), contactId))[0]!;
    const res = await call(
      "GET",
      `contacts/proposals/contact/${contactId}/statements/${id}`,
      undefined,
      staff.editorCookie,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/^inline; filename="October statement.pdf"/);
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PDF);
    // Every other response keeps the strict policy.
    const other = await call("GET", `contacts/${contactId}/statements/${id}`);
    expect(other.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(other.headers.get("x-frame-options")).toBe("DENY");
    // Another contact's statement is not reachable through this contact.
    const elsewhere = await seed("inline-other@example.com");
    expect((await call("GET", `contacts/proposals/contact/${elsewhere}/statements/${id}`)).status).toBe(404);
  });

  it("saves pricing (audited) that later reviews use, and refuses bad figures with field errors", async () => {
    const bad = await call("PUT", "pricing", { markupPercent: "abc", perTransaction: "0.10" });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as any;
    expect(body.error.fields.markupPercent).toMatch(/percentage/);
    expect(body.error.fields.monthlyFee).toBe("Enter the monthly fee.");
    const good = {
      markupPercent: "0.30",
      perTransaction: "0.08",
      monthlyFee: "9.95",
      inPersonPercent: "1.65",
      inPersonPerItem: "0.10",
      keyedPercent: "2.2",
      keyedPerItem: "0.10",
      onlinePercent: "2.05",
      onlinePerItem: "0.10",
    };
    expect((await call("PUT", "pricing", good)).status).toBe(200);
    const saved = (await (await call("GET", "pricing")).json()) as any;
    expect(saved.pricing).toMatchObject({ markupBp: 30, perTransactionCents: 8, monthlyFeeCents: 995 });
    const audit = await db()
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "proposal.pricing_changed")
      .execute();
    expect(audit).toHaveLength(1);

    const contactId = await seed("pricing-review@example.com");
    const review = await call("POST", `contacts/proposals/contact/${contactId}/reviews`, SAVING, staff.editorCookie);
    expect(review.status).toBe(201);
    const history = (await (await call("GET", `contacts/proposals/contact/${contactId}`)).json()) as any;
    // 330 + 50 pass-through, 0.30 % = 60, 500 × 0.08 = 40, 9.95 → $489.95 against $570.00.
    expect(history.reviews[0].figures.proposedCents).toBe(48_995);
    expect(history.events[0]).toMatchObject({ kind: "review", title: "Statement review saved by editor" });
    const invalid = await call("POST", `contacts/proposals/contact/${contactId}/reviews`, {
      ...SAVING,
      fees: "25,000",
    });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as any).error.fields.fees).toMatch(/more than the card volume/);
    // Back to the defaults for the tests below.
    const defaults = { ...good, markupPercent: "0.25", perTransaction: "0.10", monthlyFee: "10" };
    expect((await call("PUT", "pricing", defaults)).status).toBe(200);
  });

  it("needs an explicit yes to send a proposal without a saving", async () => {
    const contactId = await seed("no-saving@example.com");
    const refused = await call("POST", `contacts/proposals/contact/${contactId}/send`, NO_SAVING, staff.editorCookie);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as any).error.fields.confirmNoSaving).toBeTruthy();
    expect(await db().selectFrom("proposals").select("id").where("contact_id", "=", contactId).execute()).toEqual([]);
    expect(
      await db().selectFrom("statement_reviews").select("id").where("contact_id", "=", contactId).execute(),
    ).toEqual([]);
    const { token } = await send(contactId, { ...NO_SAVING, confirmNoSaving: true });
    const row = await proposalRow(contactId);
    expect(Boolean(row.no_saving_confirmed)).toBe(true);
    const html = await (await page(token)).text();
    expect(html).toContain("Your current pricing is already competitive.");
    expect(html).toContain("$410.00 more a month");
  });

  it("mails an unguessable link stored only as its digest, which opens a private page", async () => {
    const contactId = await seed("link@example.com");
    const { token, mail, data } = await send(contactId, { ...SAVING, note: "Thanks for the call." });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
    expect(data.url.endsWith(`/proposals/${token}`)).toBe(true);
    expect(mail.text).toContain("save an estimated $80.00 a month ($960.00 a year)");
    const row = await proposalRow(contactId);
    expect(row.token_digest).toBe(sha256(token));
    // The token itself is nowhere in the database.
    for (const table of ["proposals", "jobs", "audit_log", "statement_reviews", "contacts"] as const) {
      const rows = await db().selectFrom(table).selectAll().execute();
      expect(JSON.stringify(rows), table).not.toContain(token);
    }
    const days = (Date.parse(row.expires_at) - Date.parse(row.created_at)) / 86_400_000;
    expect(days).toBe(30);

    const res = await page(token);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    // Appended after the site's default: the last policy a browser knows wins.
    expect(res.headers.get("referrer-policy")?.split(/,\s*/).at(-1)).toBe("same-origin");
    const html = await res.text();
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(html).toContain("$960.00");
    expect(html).toContain("Thanks for the call.");
    expect(html).toContain("<strong>estimate</strong>");
    // A token one character off, or not a token at all, is a 404.
    const wrong = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    expect((await page(wrong)).status).toBe(404);
    expect((await page("not-a-token")).status).toBe(404);
    // Never in the sitemap or the search.
    expect(await (await getPage(staff.server, "/sitemap.xml")).text()).not.toContain("/proposals");
    expect(await (await getPage(staff.server, "/resources/search?q=proposal")).text()).not.toContain("/proposals/");
  });

  it("counts the merchant's views, not staff's or bots', and moves the contact to viewed", async () => {
    const contactId = await seed("views@example.com");
    const { token } = await send(contactId);
    expect((await page(token, staff.adminCookie)).status).toBe(200);
    expect(
      (await page(token, null, "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).status,
    ).toBe(200);
    let row = await proposalRow(contactId);
    expect(row.view_count).toBe(0);
    expect(row.first_viewed_at).toBeNull();
    await page(token);
    await page(token);
    row = await proposalRow(contactId);
    expect(Number(row.view_count)).toBe(2);
    expect(row.first_viewed_at).not.toBeNull();
    const contact = await db().selectFrom("contacts").selectAll().where("id", "=", contactId).executeTakeFirstOrThrow();
    expect(contact.proposal_state).toBe("viewed");
    const history = (await (await call("GET", `contacts/proposals/contact/${contactId}`)).json()) as any;
    expect(history.events.map((e: any) => e.title)).toContain("Proposal viewed by the merchant (2 views)");
  });

  it("records the acceptance once, with time and address, notifies staff, and thanks the merchant", async () => {
    const contactId = await seed("accept@example.com");
    const { token } = await send(contactId);
    const asStaff = await accept(token, staff.adminCookie);
    expect(await asStaff.text()).toContain("only the merchant can accept");
    expect((await proposalRow(contactId)).accepted_at).toBeNull();

    const since = smtp.mails.length;
    const first = await accept(token);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("Thank you!");
    const row = await proposalRow(contactId);
    expect(row.accepted_at).not.toBeNull();
    expect(row.accepted_ip).toBe("198.51.100.77");
    await expect
      .poll(() => smtp.mails.slice(since).find((m) => m.text.includes("Proposal accepted")), { timeout: 10_000 })
      .toBeTruthy();
    const notice = smtp.mails.slice(since).find((m) => m.text.includes("Proposal accepted"))!;
    expect(notice.to).toContain("sales@meritum.test");
    expect(notice.text).toContain("would like to switch");
    expect(notice.to).toContain("editor@meritum.test"); // who sent it

    const again = await accept(token, null, "198.51.100.78");
    expect(again.status).toBe(200);
    const after = await proposalRow(contactId);
    expect(after.view_count).toBe(0); // the page shown after the post is not a view
    expect(after.accepted_at).toBe(row.accepted_at);
    expect(after.accepted_ip).toBe("198.51.100.77");
    const jobs = await db().selectFrom("jobs").select("id").where("kind", "=", "proposal.accepted.notify").execute();
    expect(jobs.length).toBe(1);
    expect(
      await db()
        .selectFrom("audit_log")
        .select("id")
        .where("action", "=", "proposal.accepted")
        .where("target", "=", contactId)
        .execute(),
    ).toHaveLength(1);
    expect(
      (await db().selectFrom("contacts").select("proposal_state").where("id", "=", contactId).executeTakeFirstOrThrow())
        .proposal_state,
    ).toBe("accepted");
  });

  it("a revised proposal supersedes the last: the old link says so and cannot be accepted", async () => {
    const contactId = await seed("revised@example.com");
    const { token: old } = await send(contactId);
    const { token: revised } = await send(contactId, { ...SAVING, fees: "600.00" });
    const oldPage = await page(old);
    expect(oldPage.status).toBe(200);
    const html = await oldPage.text();
    expect(html).toContain("A newer proposal replaced this one");
    expect(html).not.toContain("$960.00");
    expect(await (await accept(old)).text()).toContain("A newer proposal replaced this one");
    const rows = await db().selectFrom("proposals").selectAll().where("contact_id", "=", contactId).execute();
    expect(rows.filter((r) => r.accepted_at)).toEqual([]);
    expect(rows.filter((r) => r.superseded_at)).toHaveLength(1);
    expect(await (await page(revised)).text()).toContain("$1,320.00"); // (600 − 490) × 12
  });

  it("expires after 30 days: the page says so and acceptance is refused", async () => {
    const contactId = await seed("expired@example.com");
    const { token } = await send(contactId);
    const row = await proposalRow(contactId);
    await db()
      .updateTable("proposals")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", row.id)
      .execute();
    expect(await (await page(token)).text()).toContain("This proposal has expired");
    expect(await (await accept(token)).text()).toContain("This proposal has expired");
    expect((await proposalRow(contactId)).accepted_at).toBeNull();
    const history = (await (await call("GET", `contacts/proposals/contact/${contactId}`)).json()) as any;
    expect(history.proposals[0].status).toBe("expired");
  });

  it("filters and sorts the contacts list by proposal state and savings; the dashboard counts 30 days", async () => {
    const list = async (query: string) =>
      ((await (await call("GET", `contacts?${query}`)).json()) as any).rows.map((r: any) => r.email) as string[];
    const accepted = await list("proposal=accepted");
    expect(accepted).toContain("accept@example.com");
    expect(accepted).not.toContain("views@example.com");
    expect(await list("proposal=viewed")).toContain("views@example.com");
    expect(await list("proposal=reviewed")).toContain("pricing-review@example.com");
    expect(await list("proposal=none")).toContain("inline@example.com");
    expect(await list("proposal=none")).not.toContain("matrix@example.com");
    const bySavings = await list("sort=savings");
    // $1,320 a year first (the revised proposal), contacts without a review last.
    expect(bySavings[0]).toBe("revised@example.com");
    expect(bySavings.indexOf("no-saving@example.com")).toBeLessThan(bySavings.indexOf("inline@example.com"));
    // The same order through the search path (sorted in memory).
    const searched = await list("sort=savings&q=example.com");
    expect(searched.slice(0, 1)).toEqual(["revised@example.com"]);
    expect(searched.indexOf("no-saving@example.com")).toBeLessThan(searched.indexOf("inline@example.com"));
    const funnel = (await (await call("GET", "contacts/proposals/funnel")).json()) as any;
    const rows = await db().selectFrom("proposals").select(["id", "first_viewed_at"]).execute();
    expect(rows.filter((r) => r.first_viewed_at).length).toBeGreaterThanOrEqual(3);
    expect(funnel).toMatchObject({
      sent: rows.length,
      viewed: rows.filter((r) => r.first_viewed_at).length,
      accepted: 1,
    });
  });

  it("erasing a contact erases its reviews and proposals", async () => {
    const contactId = await seed("erase@example.com");
    const { token } = await send(contactId);
    expect((await call("DELETE", `contacts/${contactId}`)).status).toBe(200);
    expect(await db().selectFrom("proposals").select("id").where("contact_id", "=", contactId).execute()).toEqual([]);
    expect(
      await db().selectFrom("statement_reviews").select("id").where("contact_id", "=", contactId).execute(),
    ).toEqual([]);
    expect((await page(token)).status).toBe(404);
  });
});
