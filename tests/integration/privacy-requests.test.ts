import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRIVACY_REQUEST_CHOICES } from "@common/forms";
import type { PrivacyRequestsResponse } from "@common/privacy";
import { apiCall, getPage, startStaffServer, type StaffServer } from "../support/auth";
import { dbKinds } from "../support/db";
import { postPrivacyRequest, pressConfirm, privacyToken } from "../support/privacy";
import type { TestServer } from "../support/server";
import { linkIn, startTestSmtp, type TestSmtp } from "../support/smtp";

/**
 * The privacy-request form (decision 0050): a post through the one pipeline makes an
 * unverified request and e-mails the requester a signed link; opening it shows what it
 * confirms (a mail scanner that opens it confirms nothing), the page's button verifies it (due
 * 45 days later); broken, expired and spent links get a page that says so; staff mark it done;
 * only admins reach any of it.
 */
describe.each(dbKinds())("privacy requests on %s", (kind) => {
  let staff: StaffServer;
  let server: TestServer;
  let smtp: TestSmtp;
  const EMAIL = "river.stone@example.org";

  beforeAll(async () => {
    smtp = await startTestSmtp();
    staff = await startStaffServer(kind, { SMTP_URL: smtp.url });
    server = staff.server;
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const requests = async () => {
    const res = await apiCall(server, "GET", "/api/admin/privacy", staff.adminCookie);
    expect(res.status).toBe(200);
    return (await res.json()) as PrivacyRequestsResponse;
  };

  it("e-mails a confirmation link; the request waits, not due, and makes no contact or webhook event", async () => {
    const res = await postPrivacyRequest(server, "River.Stone@Example.org", PRIVACY_REQUEST_CHOICES.access);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("open it within 3 days");
    const mail = await smtp.waitFor(EMAIL);
    expect(mail.text).toContain("send you a copy of the information we hold about you");
    const before = await requests();
    expect(before.open).toEqual([]);
    expect(before.unverified).toHaveLength(1);
    expect(before.unverified[0]).toMatchObject({ email: EMAIL, kind: "access", status: "unverified", dueAt: null });
    const db = server.database.db;
    expect(await db.selectFrom("contacts").select("id").where("email", "=", EMAIL).execute()).toEqual([]);
    const submission = await db
      .selectFrom("submissions")
      .selectAll()
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", EMAIL))
      .executeTakeFirstOrThrow();
    expect(submission.contact_id).toBeNull();
    // The job holds the request's id only, never the address or the link.
    const job = await db
      .selectFrom("jobs")
      .selectAll()
      .where("kind", "=", "privacy.verify-mail")
      .executeTakeFirstOrThrow();
    expect(job.payload).not.toContain("river");
    expect(job.done_at).not.toBeNull();
  });

  const linkOf = async () => linkIn(await smtp.waitFor(EMAIL), "/privacy-request/confirm");
  const verifiedAudits = () =>
    server.database.db.selectFrom("audit_log").select("id").where("action", "=", "privacy.request_verified").execute();

  it("refuses a changed link (400), an expired one (410) and one for no request (404), opened or pressed", async () => {
    const token = (await linkOf()).searchParams.get("token")!;
    const [id] = token.split(".");
    const tampered = `${token.slice(0, -2)}xx`;
    const expired = privacyToken(id!, Date.now() - 1000);
    const unknown = privacyToken("00000000-0000-4000-8000-000000000000", Date.now() + 60_000);
    const cases: Array<[string, number, string]> = [
      [tampered, 400, "This link is not valid"],
      [expired, 410, "This link has expired"],
      [unknown, 404, "We no longer hold this request"],
    ];
    for (const [bad, status, heading] of cases) {
      const opened = await getPage(server, `/privacy-request/confirm?token=${bad}`);
      expect(opened.status, heading).toBe(status);
      expect(opened.headers.get("cache-control")).toBe("no-store");
      expect(await opened.text()).toContain(heading);
      const pressed = await pressConfirm(server, bad);
      expect(pressed.status, heading).toBe(status);
      expect(await pressed.text()).toContain(heading);
    }
    expect((await getPage(server, "/privacy-request/confirm")).status).toBe(400);
    expect((await requests()).open).toEqual([]);
  });

  it("opening the link (a mail scanner, twice) only shows what it confirms, with the button; nothing is confirmed", async () => {
    const link = await linkOf();
    for (let i = 0; i < 2; i++) {
      const opened = await getPage(server, `${link.pathname}${link.search}`);
      expect(opened.status).toBe(200);
      expect(opened.headers.get("cache-control")).toBe("no-store");
      expect(opened.headers.get("x-robots-tag")).toContain("noindex");
      const html = await opened.text();
      expect(html).toContain("Confirm your privacy request");
      expect(html).toMatch(/<form action="\/privacy-request\/confirm\?token=[^"]+" method="post">/);
      expect(html).toContain(">Confirm my request</button>");
      expect(html).toContain("send you a copy of the information we hold about you");
      expect(html).toContain("ri•••@ex•••.org");
      expect(html).not.toContain(EMAIL);
      expect(html).toMatch(/<meta name="robots" content="noindex/);
    }
    const { open, unverified } = await requests();
    expect(open).toEqual([]);
    expect(unverified).toHaveLength(1);
    expect(await verifiedAudits()).toEqual([]);
  });

  it("a press without the page's token, or at once after the page was served, confirms nothing", async () => {
    const link = await linkOf();
    const token = link.searchParams.get("token")!;
    const noPageToken = await pressConfirm(server, token, null);
    expect(noPageToken.status).toBe(400);
    const html = await noPageToken.text();
    expect(html).toContain("could not be checked. Please press the button again.");
    expect(html).toContain(">Confirm my request</button>");
    const page = await (await getPage(server, `${link.pathname}${link.search}`)).text();
    const fresh = /name="formToken" value="([^"]+)"/.exec(page)![1]!;
    const atOnce = await pressConfirm(server, token, fresh);
    expect(atOnce.status).toBe(400);
    expect(await atOnce.text()).toContain("faster than we expect from a person");
    expect((await requests()).unverified).toHaveLength(1);
    expect(await verifiedAudits()).toEqual([]);
  });

  it("pressing the button confirms the request: it is due 45 days later; pressing again changes nothing", async () => {
    const link = await linkOf();
    const token = link.searchParams.get("token")!;
    const pressed = await pressConfirm(server, token);
    expect(pressed.status).toBe(200);
    expect(pressed.headers.get("cache-control")).toBe("no-store");
    expect(await pressed.text()).toContain("Your request is confirmed");
    const { open, unverified } = await requests();
    expect(unverified).toEqual([]);
    expect(open).toHaveLength(1);
    const request = open[0]!;
    expect(request).toMatchObject({ email: EMAIL, kind: "access", status: "open" });
    expect(Date.parse(request.dueAt!) - Date.parse(request.verifiedAt!)).toBe(45 * 24 * 60 * 60 * 1000);
    const again = await pressConfirm(server, token);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("already confirmed");
    const reopened = await (await getPage(server, `${link.pathname}${link.search}`)).text();
    expect(reopened).toContain("already confirmed");
    expect(reopened).not.toContain("Confirm my request</button>");
    expect((await requests()).open[0]!.dueAt).toBe(request.dueAt);
    expect(await verifiedAudits()).toHaveLength(1);
  });

  it("staff mark it done (audited, no address); it cannot be done twice", async () => {
    const request = (await requests()).open[0]!;
    const res = await apiCall(server, "POST", `/api/admin/privacy/requests/${request.id}/done`, staff.adminCookie);
    expect(res.status).toBe(200);
    const after = await requests();
    expect(after.open).toEqual([]);
    expect(after.done[0]).toMatchObject({ id: request.id, status: "done" });
    expect(after.done[0]!.doneByName).toBeTruthy();
    const audit = await server.database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "privacy.request_done")
      .executeTakeFirstOrThrow();
    expect(audit.target).toBe(request.id);
    expect(audit.details).not.toContain("river");
    const twice = await apiCall(server, "POST", `/api/admin/privacy/requests/${request.id}/done`, staff.adminCookie);
    expect(twice.status).toBe(409);
  });

  it("lets admins only: editors get 403 and anonymous callers 401 on every route, and nothing changes", async () => {
    const id = (await requests()).done[0]!.id;
    const routes: Array<[string, string, unknown?]> = [
      ["GET", "/api/admin/privacy"],
      ["GET", `/api/admin/privacy/search?email=${encodeURIComponent(EMAIL)}`],
      ["GET", `/api/admin/privacy/export?email=${encodeURIComponent(EMAIL)}`],
      ["POST", "/api/admin/privacy/erase", { email: EMAIL, expectedTotal: 2 }],
      ["POST", `/api/admin/privacy/requests/${id}/done`],
    ];
    for (const [method, path, body] of routes) {
      const editor = await apiCall(server, method, path, staff.editorCookie, body);
      expect(editor.status, `editor ${method} ${path}`).toBe(403);
      const anonymous = await apiCall(server, method, path, null, body);
      expect(anonymous.status, `anonymous ${method} ${path}`).toBe(401);
    }
    expect((await getPage(server, "/admin/privacy", staff.editorCookie)).status).toBe(403);
    expect((await getPage(server, "/admin/privacy", staff.adminCookie)).status).toBe(200);
    const db = server.database.db;
    expect(
      await db
        .selectFrom("submissions")
        .select("id")
        .where((eb) => eb(eb.fn("lower", ["email"]), "=", EMAIL))
        .execute(),
    ).toHaveLength(1);
    expect(
      await db
        .selectFrom("audit_log")
        .select("id")
        .where("action", "in", ["privacy.exported", "privacy.erased"])
        .execute(),
    ).toEqual([]);
  });
});
