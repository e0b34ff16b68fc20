import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRIVACY_REQUEST_CHOICES } from "@common/forms";
import type { PrivacySearchResponse } from "@common/privacy";
import { apiCall, startStaffServer, type StaffServer } from "../support/auth";
import { dbKinds } from "../support/db";
import { formBody, formToken, newIp, samplePdf, storeFreeAnalysis } from "../support/lead-forms";
import { postPrivacyRequest, unzip, whereTextAppears } from "../support/privacy";
import type { TestServer } from "../support/server";

/**
 * A person's data for a privacy request (decision 0050): found by e-mail, exported as one ZIP
 * (data.json and the files), then erased so that no text column of any table names them.
 */
describe.each(dbKinds())("privacy data: export and erase on %s", (kind) => {
  let staff: StaffServer;
  let server: TestServer;
  const EMAIL = "pat.lee@leeplumbing.example";
  const pdf = samplePdf();
  let contactId: string;

  beforeAll(async () => {
    staff = await startStaffServer(kind);
    server = staff.server;
    const db = server.database.db;
    // Two Free Analysis submissions (one with a statement), a note, a spam post and a privacy request.
    const first = await storeFreeAnalysis(
      db,
      { email: "Pat.Lee@LeePlumbing.example", name: "Pat Lee" },
      {
        filename: "march-statement.pdf",
        bytes: pdf,
      },
    );
    await storeFreeAnalysis(db, { email: EMAIL, name: "Pat Lee", message: "Second try, any news?" });
    contactId = first.contactId!;
    const note = await apiCall(server, "POST", `/api/admin/contacts/${contactId}/notes`, staff.adminCookie, {
      body: "Called Pat, wants a copy of the statement analysis.",
    });
    expect(note.status).toBe(201);
    const spam = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { "x-forwarded-for": newIp() },
      body: formBody({
        formToken: formToken(),
        name: "Pat Lee",
        businessName: "Lee Plumbing",
        email: EMAIL,
        phone: "(480) 555-0199",
        monthlyVolume: "10k-50k",
        paymentMethods: "in-person",
        consent: "yes",
        referral_code: "bot-filled",
      }),
    });
    expect(spam.status).toBe(200);
    expect((await postPrivacyRequest(server, EMAIL, PRIVACY_REQUEST_CHOICES.delete)).status).toBe(200);
    // Someone else's submission that names them in an answer.
    await storeFreeAnalysis(db, { email: "office@other.example", message: `Please also copy ${EMAIL} on replies.` });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const search = async () => {
    const res = await apiCall(
      server,
      "GET",
      `/api/admin/privacy/search?email=${encodeURIComponent("PAT.Lee@LeePlumbing.example")}`,
      staff.adminCookie,
    );
    expect(res.status).toBe(200);
    return (await res.json()) as PrivacySearchResponse;
  };

  it("finds everything held about the person, grouped with counts", async () => {
    const found = await search();
    expect(found.email).toBe(EMAIL);
    expect(found.counts).toMatchObject({ contacts: 1, submissions: 5, files: 1, requests: 1 });
    expect(found.submissions.filter((s) => s.spam)).toHaveLength(1);
    expect(found.submissions.map((s) => s.formName)).toContain("Privacy request");
    expect(found.notes.some((n) => n.body?.includes("Called Pat"))).toBe(true);
    expect(found.total).toBe(Object.values(found.counts).reduce((a, b) => a + b, 0));
  });

  it("answers a bad address with a field error", async () => {
    const res = await apiCall(server, "GET", "/api/admin/privacy/search?email=not-an-address", staff.adminCookie);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.fields.email).toMatch(/e-mail address/);
  });

  it("exports one ZIP: data.json with every group, and the uploaded statement byte for byte; audited without the address", async () => {
    const res = await apiCall(
      server,
      "GET",
      `/api/admin/privacy/export?email=${encodeURIComponent(EMAIL)}`,
      staff.adminCookie,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="privacy-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    expect([...entries.keys()]).toEqual(["data.json", "files/01-march-statement.pdf"]);
    expect(entries.get("files/01-march-statement.pdf")!.equals(pdf)).toBe(true);
    const data = JSON.parse(entries.get("data.json")!.toString("utf8"));
    expect(data.email).toBe(EMAIL);
    expect(data.contacts).toHaveLength(1);
    expect(data.contacts[0].email).toBe(EMAIL);
    expect(data.submissions).toHaveLength(5);
    const withStatement = data.submissions.find((s: { files: unknown[] }) => s.files.length);
    expect(withStatement.files[0]).toMatchObject({
      filename: "march-statement.pdf",
      path: "files/01-march-statement.pdf",
    });
    expect(withStatement.answers.some((a: { key: string }) => a.key === "statement")).toBe(true);
    expect(data.timeline.some((t: { body: string | null }) => t.body?.includes("Called Pat"))).toBe(true);
    expect(data.privacyRequests).toHaveLength(1);
    expect(data.privacyRequests[0]).toMatchObject({ kind: "delete", status: "unverified" });
    const audit = await server.database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "privacy.exported")
      .executeTakeFirstOrThrow();
    expect(audit.actor_email).toBe("admin@meritum.test");
    expect(audit.details.toLowerCase()).not.toContain("pat.lee");
    expect(JSON.parse(audit.details)).toMatchObject({ submissions: 5, files: 1, contacts: 1 });
  });

  it("refuses an erasure whose confirmed total is out of date, and changes nothing", async () => {
    const found = await search();
    const res = await apiCall(server, "POST", "/api/admin/privacy/erase", staff.adminCookie, {
      email: EMAIL,
      expectedTotal: found.total - 1,
    });
    expect(res.status).toBe(409);
    expect((await search()).total).toBe(found.total);
  });

  it("erases everything: no text column of any table names them afterwards; the audit entry holds counts only", async () => {
    const db = server.database.db;
    expect((await whereTextAppears(db, EMAIL)).length).toBeGreaterThan(0);
    const found = await search();
    const res = await apiCall(server, "POST", "/api/admin/privacy/erase", staff.adminCookie, {
      email: EMAIL,
      requestId: found.requests[0]!.id,
      expectedTotal: found.total,
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toMatch(/^Erased 1 contact, 5 submissions, 1 file, /);
    expect(await whereTextAppears(db, EMAIL)).toEqual([]);
    expect(await whereTextAppears(db, "march-statement")).toEqual([]);
    expect(await db.selectFrom("stored_files").select("id").execute()).toHaveLength(0);
    expect(await db.selectFrom("contacts").select("id").where("id", "=", contactId).execute()).toHaveLength(0);
    // The other person's contact stays, one submission fewer.
    const other = await db
      .selectFrom("contacts")
      .select(["submission_count"])
      .where("email", "=", "office@other.example")
      .executeTakeFirstOrThrow();
    expect(Number(other.submission_count)).toBe(0);
    const audit = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "privacy.erased")
      .executeTakeFirstOrThrow();
    expect(audit.target).toBe(found.requests[0]!.id);
    expect(JSON.parse(audit.details)).toMatchObject({ contacts: 1, submissions: 5, files: 1 });
    expect(JSON.parse(audit.details).summary).toMatch(/^Erased 1 contact, 5 submissions, 1 file/);
    // The request stays, without the address.
    const request = await db.selectFrom("privacy_requests").selectAll().executeTakeFirstOrThrow();
    expect(request).toMatchObject({ email: null, submission_id: null, kind: "delete" });
    expect((await search()).total).toBe(0);
  });
});
