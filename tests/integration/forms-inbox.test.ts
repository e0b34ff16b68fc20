import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getForm } from "@server/forms/definitions";
import { exportPage } from "@server/forms/export";
import { storeSubmission } from "@server/forms/submissions";
import { keysetPages } from "@server/http/csv";
import { apiCall, startStaffServer } from "../support/auth";
import { dbKinds } from "../support/db";
import {
  everyTypeForm as everyType,
  freePort,
  partnerAnswers as answersForm,
  samplePdf,
  newIp,
} from "../support/lead-forms";
import type { TestServer } from "../support/server";
import { startTestSmtp, type TestSmtp } from "../support/smtp";

/**
 * A form's submissions inbox over real HTTP on both databases: tabs, search, dates and pages,
 * the CSV export of the current filter, files for signed-in staff only, delete with the
 * files, the permission matrix of every forms API, and a notification retried after an SMTP
 * failure. Definitions and public posts: forms.test.ts.
 */
const PDF = new Uint8Array(samplePdf());

describe.each(dbKinds())("the submissions inbox on %s", (kind) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let adminCookie: string;
  let editorCookie: string;
  let formId: string;
  const slug = "partners";

  const db = () => server.database.db;
  const call = (method: string, path: string, body?: unknown, cookie: string | null = adminCookie) =>
    apiCall(server, method, `/api/admin/forms${path}`, cookie, body);
  const submit = async (body: FormData) => {
    const res = await fetch(`${server.url}/forms/${slug}`, {
      method: "POST",
      body,
      headers: { "x-forwarded-for": newIp() },
    });
    expect(res.status).toBe(200);
    await res.text();
  };
  const submissionBy = (email: string) =>
    db().selectFrom("submissions").selectAll().where("email", "=", email).orderBy("created_at").execute();

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ({ server, adminCookie, editorCookie } = await startStaffServer(kind, {
      SMTP_URL: smtp.url,
      CONTACT_MIN_SUBMIT_SECONDS: "3",
      CONTACT_RATE_LIMIT: "50",
    }));
    formId = (await (await call("POST", "", everyType(slug))).json()).data.id;
    // Two submissions from one person: the first with a pitch deck, the second spelled plainly.
    await submit(answersForm({}, PDF));
    await submit(answersForm({ email: "ZOE@example.COM", fullName: "Zoe Angstrom", phone: "602-555-0199" }));
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it("marks read and unread, searches and filters by date", async () => {
    const list = await (await call("GET", `/${formId}/submissions?q=ANGSTROM`)).json();
    expect(list.rows).toHaveLength(1);
    const id = list.rows[0].id;
    expect((await call("PATCH", `/${formId}/submissions/${id}`, { read: true })).status).toBe(200);
    const read = await (await call("GET", `/${formId}/submissions?tab=read`)).json();
    expect(read.rows.map((r: { id: string }) => r.id)).toEqual([id]);
    expect(read.counts).toEqual({ unread: 1, read: 1, spam: 0 });
    const future = await (await call("GET", `/${formId}/submissions?from=2099-01-01`)).json();
    expect(future.total).toBe(0);
    const today = new Date(Date.now() - 7 * 3600_000).toISOString().slice(0, 10);
    const todays = await (await call("GET", `/${formId}/submissions?tab=read&from=${today}&to=${today}`)).json();
    expect(todays.rows.map((r: { id: string }) => r.id)).toEqual([id]);
    const bad = await call("GET", `/${formId}/submissions?from=yesterday`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields.from).toContain("date");
    expect((await call("PATCH", `/${formId}/submissions/${id}`, { read: false })).status).toBe(200);
  });

  it("shows every answer of a form's submissions on the contact's timeline, linked to the inbox, spam flagged", async () => {
    const [first, second] = await submissionBy("zoe@example.com");
    const timeline = async () => {
      const res = await apiCall(server, "GET", `/api/admin/contacts/${first!.contact_id}`, adminCookie);
      return (await res.json()).submissions as Array<{
        id: string;
        formId: string;
        spam: boolean;
        answers: Array<{ label: string; value: string }>;
        files: Array<{ label: string; filename: string }>;
      }>;
    };
    const entries = await timeline();
    expect(entries.map((e) => e.id)).toEqual([second!.id, first!.id]);
    const oldest = entries[1]!;
    expect(oldest).toMatchObject({ formId, spam: false });
    expect(oldest.answers).toEqual(
      expect.arrayContaining([
        { label: "Full name", value: "Zoë Ångström" },
        { label: "Number of locations", value: "3" },
        { label: "Plan", value: "Pro" },
        { label: "Channels", value: "Web; Store" },
        { label: "Send me the newsletter", value: "Yes" },
        { label: "Pitch deck", value: "deck.pdf" },
      ]),
    );
    expect(oldest.files).toEqual([expect.objectContaining({ label: "Pitch deck", filename: "deck.pdf" })]);
    expect(entries[0]!.answers).toContainEqual({ label: "Full name", value: "Zoe Angstrom" });
    // The link staff follow is the submission's own page in the inbox.
    expect((await call("GET", `/${oldest.formId}/submissions/${oldest.id}`)).status).toBe(200);

    expect((await call("PATCH", `/${formId}/submissions/${second!.id}`, { spam: true })).status).toBe(200);
    expect((await timeline()).map((e) => e.spam)).toEqual([true, false]);
    expect((await call("PATCH", `/${formId}/submissions/${second!.id}`, { spam: false })).status).toBe(200);
    expect((await timeline()).map((e) => e.spam)).toEqual([false, false]);
  });

  it("pages the inbox and the export, newest first, every submission once", async () => {
    const created = await call("POST", "", { ...everyType("paged"), recipients: [] });
    const pagedId = (await created.json()).data.id;
    const form = await getForm(db(), pagedId);
    for (let i = 0; i < 27; i++) {
      const email = `paged-${String(i).padStart(2, "0")}@example.com`;
      const answers = [{ key: "email", label: "E-mail", type: "email" as const, value: email }];
      await storeSubmission(db(), form, { answers, uploads: [], source: "form" }, {});
    }
    // Ties on the time: the id orders them, in the list and in the export's keyset pages.
    await db()
      .updateTable("submissions")
      .set({ created_at: "2026-01-15T18:00:00.000Z" })
      .where("form_id", "=", pagedId)
      .execute();
    const page = async (query: string) => (await call("GET", `/${pagedId}/submissions${query}`)).json();
    const first = await page("");
    expect([first.total, first.page, first.pages, first.rows.length]).toEqual([27, 1, 2, 25]);
    const second = await page("?page=2");
    expect([second.page, second.rows.length]).toEqual([2, 2]);
    const ids = [...first.rows, ...second.rows].map((r: { id: string }) => r.id);
    expect(new Set(ids).size).toBe(27);
    expect(ids).toEqual([...ids].sort().reverse());
    // Past the end: the last page; not a number: the first.
    expect((await page("?page=9")).rows.map((r: { id: string }) => r.id)).toEqual(
      second.rows.map((r: { id: string }) => r.id),
    );
    expect((await page("?page=two")).page).toBe(1);
    expect((await page("?from=2026-01-15&to=2026-01-15&page=2")).rows).toHaveLength(2);
    expect((await page("?from=2026-01-16")).total).toBe(0);

    const exported: string[] = [];
    for await (const row of keysetPages(exportPage(db(), pagedId, { tab: "unread" }, 10), 10)) exported.push(row.id);
    expect(exported).toEqual(ids);
  });

  it("exports the current filter as CSV: BOM, a defused formula, non-ASCII intact", async () => {
    const res = await call("GET", `/${formId}/export?tab=unread&q=zoe`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="partners-unread-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toContain(`"Received","Status","Spam reason","Full name","Company","E-mail"`);
    expect(lines).toHaveLength(3);
    expect(text).toContain("Zoë Ångström");
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).not.toMatch(/,=HYPERLINK/);
  });

  it("serves a submission's file to signed-in staff only, as an attachment", async () => {
    const [s] = await submissionBy("zoe@example.com");
    const detail = await (await call("GET", `/${formId}/submissions/${s!.id}`)).json();
    const file = detail.submission.files[0];
    const path = `/${formId}/submissions/${s!.id}/files/${file.id}`;
    const res = await call("GET", path, undefined, editorCookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="deck.pdf"; filename*=UTF-8''deck.pdf`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
    expect((await call("GET", path, undefined, null)).status).toBe(401);
  });

  it("deletes a submission with its files, after which they are gone", async () => {
    const [s] = await submissionBy("zoe@example.com");
    const files = await db()
      .selectFrom("submission_files")
      .select("file_id")
      .where("submission_id", "=", s!.id)
      .execute();
    expect(files).toHaveLength(1);
    const res = await call("DELETE", `/${formId}/submissions/${s!.id}`);
    expect(res.status).toBe(200);
    expect(await db().selectFrom("submissions").select("id").where("id", "=", s!.id).execute()).toEqual([]);
    expect(await db().selectFrom("stored_files").select("id").where("id", "=", files[0]!.file_id).execute()).toEqual(
      [],
    );
    expect(await db().selectFrom("submission_files").select("id").where("submission_id", "=", s!.id).execute()).toEqual(
      [],
    );
    expect((await call("GET", `/${formId}/submissions/${s!.id}`)).status).toBe(404);
    const audit = await db().selectFrom("audit_log").selectAll().where("action", "=", "submission.deleted").execute();
    expect(audit.map((a) => a.target)).toContain(s!.id);
    expect(JSON.stringify(audit)).not.toContain("zoe@example.com");
  });

  it("answers every forms API with 401 signed out; editors and admins may use them all", async () => {
    const [s] = await submissionBy("zoe@example.com");
    const sid = s!.id;
    const endpoints: Array<[string, string, unknown?]> = [
      ["GET", ""],
      ["POST", "", { ...everyType("matrix"), recipients: [] }], // recipients: admins only
      ["GET", `/${formId}`],
      ["PUT", `/${formId}`, everyType(slug)],
      ["GET", `/${formId}/submissions`],
      ["GET", `/${formId}/export`],
      ["GET", `/${formId}/submissions/${sid}`],
      ["PATCH", `/${formId}/submissions/${sid}`, { read: true }],
      ["POST", `/${formId}/submissions/${sid}/notification`],
      ["DELETE", `/${formId}/submissions/${sid}`],
      ["DELETE", `/${formId}`],
    ];
    for (const [method, path, body] of endpoints) {
      const res = await call(method, path, body, null);
      expect([method, path, res.status]).toEqual([method, path, 401]);
    }
    for (const [method, path, body] of endpoints) {
      // Deleting the form fails while it has submissions: that is the service's rule, not a permission.
      const res = await call(method, path, body, editorCookie);
      expect([
        method,
        path,
        res.status < 400 || (method === "DELETE" && path === `/${formId}` && res.status === 409),
      ]).toEqual([method, path, true]);
      await res.arrayBuffer();
    }
  });
});

describe.each(dbKinds())("form notifications when SMTP fails on %s", (kind) => {
  let server: TestServer;
  let adminCookie: string;
  let smtp: TestSmtp | undefined;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    ({ server, adminCookie } = await startStaffServer(kind, {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      CONTACT_MIN_SUBMIT_SECONDS: "1",
      // The job's settings under the names they had before every form shared it: still read.
      LEAD_NOTIFY_RETRY_SECONDS: "1",
      LEAD_NOTIFY_MAX_ATTEMPTS: "8",
    }));
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it("records the failure on the submission and sends it on a later attempt once SMTP is back", async () => {
    const created = await apiCall(server, "POST", "/api/admin/forms", adminCookie, everyType("retry"));
    const formId = (await created.json()).data.id;
    const res = await fetch(`${server.url}/forms/retry`, {
      method: "POST",
      body: answersForm({ email: "retry@example.com" }),
    });
    expect(res.status).toBe(200);
    const row = () =>
      server.database.db
        .selectFrom("submissions")
        .selectAll()
        .where("email", "=", "retry@example.com")
        .executeTakeFirstOrThrow();
    await expect.poll(async () => (await row()).notify_status, { timeout: 10_000 }).toBe("retrying");
    const detail = await (
      await apiCall(server, "GET", `/api/admin/forms/${formId}/submissions/${(await row()).id}`, adminCookie)
    ).json();
    expect(detail.submission.notify).toMatchObject({
      status: "retrying",
      error: expect.stringMatching(/ECONNREFUSED|connect/i),
    });

    smtp = await startTestSmtp({ port });
    const mail = await smtp.waitFor("partners@meritum.test", { timeoutMs: 20_000 });
    expect(mail.text).toContain("retry@example.com");
    await expect.poll(async () => (await row()).notify_status, { timeout: 10_000 }).toBe("sent");
    expect((await row()).notify_attempts).toBeGreaterThan(1);
    // Sent once, however many sweeps ran.
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.mails.filter((m) => m.to.includes("partners@meritum.test"))).toHaveLength(1);
  });
});
