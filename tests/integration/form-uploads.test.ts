import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, startStaffServer } from "../support/auth";
import { dbKinds } from "../support/db";
import { formBody, formProof, formToken, leadForm } from "../support/lead-forms";
import type { TestServer } from "../support/server";
import { startTestSmtp, type TestSmtp } from "../support/smtp";

/**
 * Form file answers share the statements' daily cap and the file store; every form's staff
 * e-mail is a job (a resend queues a new one); erasing a contact removes its stored files.
 */
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

const uploadForm = {
  name: "Documents",
  slug: "documents",
  fields: [
    { key: "fullName", type: "text", label: "Full name", required: true, contact: "name" },
    { key: "email", type: "email", label: "E-mail", required: true },
    { key: "doc", type: "file", label: "Your document", required: false },
  ],
  recipients: ["docs@meritum.test"],
  successMessage: "Thanks, we have your document.",
  active: true,
};

describe.each(dbKinds())("form uploads and notification jobs on %s", (kind) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let adminCookie: string;
  let formId: string;
  let ip = 0;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    // 105 bytes a day: one small PDF fits, the second does not.
    ({ server, adminCookie } = await startStaffServer(kind, {
      SMTP_URL: smtp.url,
      CONTACT_MIN_SUBMIT_SECONDS: "1",
      STATEMENT_DAILY_LIMIT_MB: "0.0001",
    }));
    const created = await apiCall(server, "POST", "/api/admin/forms", adminCookie, uploadForm);
    expect(created.status).toBe(201);
    formId = (await created.json()).data.id;
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const db = () => server.database.db;
  const submit = (email: string) => {
    const fd = formBody({ formToken: formToken(), formProof: formProof(), fullName: "Dana Doc", email }, [
      { field: "doc", name: "doc.pdf", type: "application/pdf", bytes: PDF },
    ]);
    return fetch(`${server.url}/forms/documents`, {
      method: "POST",
      body: fd,
      headers: { "x-forwarded-for": `203.0.113.${++ip}`, accept: "application/json" },
    });
  };
  const row = (email: string) =>
    db().selectFrom("submissions").selectAll().where("email", "=", email).executeTakeFirstOrThrow();

  it("stores the file in the file store until the day's cap, then takes the submission without it and says so", async () => {
    expect((await submit("first@example.com")).status).toBe(200);
    const first = await row("first@example.com");
    const files = await db()
      .selectFrom("submission_files")
      .innerJoin("stored_files", "stored_files.id", "submission_files.file_id")
      .select(["stored_files.purpose", "stored_files.size_bytes"])
      .where("submission_id", "=", first.id)
      .execute();
    expect(files).toEqual([{ purpose: "attachment", size_bytes: PDF.byteLength }]);
    expect(first.file_note).toBeNull();

    const second = await submit("second@example.com");
    expect(second.status).toBe(200);
    expect(await second.text()).toContain("could not be accepted today");
    const refused = await row("second@example.com");
    expect(refused.file_note).toContain('"doc.pdf" (Your document)');
    expect(
      await db().selectFrom("submission_files").select("id").where("submission_id", "=", refused.id).execute(),
    ).toEqual([]);
    // Staff see it on the submission and in the e-mail.
    const detail = await (
      await apiCall(server, "GET", `/api/admin/forms/${formId}/submissions/${refused.id}`, adminCookie)
    ).json();
    expect(detail.submission.fileNote).toBe(refused.file_note);
    await expect
      .poll(() => smtp.mails.find((m) => m.text.includes("second@example.com"))?.text ?? "", { timeout: 10_000 })
      .toContain("File not stored: The visitor attached");
  });

  it("past the cap, /contact still takes the lead, tells the visitor the statement was not accepted, and staff see why", async () => {
    const postContact = (email: string) => {
      const fd = leadForm(
        { name: "Casey Cap", businessName: "Cap Coffee", email, phone: "(480) 555-0188" },
        { name: "june.pdf", type: "application/pdf", bytes: PDF },
      );
      // A document post, as a browser without JavaScript sends it.
      return fetch(`${server.url}/contact`, {
        method: "POST",
        body: fd,
        headers: { "x-forwarded-for": `203.0.113.${++ip}`, origin: server.url },
      });
    };
    // Whatever today's total is so far, the second statement does not fit (105 bytes a day).
    await postContact("cap-a@example.com");
    const res = await postContact("cap-b@example.com");
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain("Your request is in.");
    expect(page).toContain("Your statement file could not be accepted today.");

    const lead = await row("cap-b@example.com");
    expect(lead.contact_id).toBeTruthy();
    expect(lead.file_note).toContain('"june.pdf" (Recent processing statement), but it was not stored');
    expect(
      await db().selectFrom("submission_files").select("id").where("submission_id", "=", lead.id).execute(),
    ).toEqual([]);
    // Staff see the note on the submission (the Free Analysis form's inbox) and in the e-mail.
    expect(lead.form_id).toBeTruthy();
    const detail = await (
      await apiCall(server, "GET", `/api/admin/forms/${lead.form_id}/submissions/${lead.id}`, adminCookie)
    ).json();
    expect(detail.submission.fileNote).toBe(lead.file_note);
    await expect
      .poll(() => smtp.mails.find((m) => m.text.includes("cap-b@example.com"))?.text ?? "", { timeout: 10_000 })
      .toContain('File not stored: The visitor attached "june.pdf" (Recent processing statement)');
  });

  it("queues a resend as a new job and sends the e-mail again", async () => {
    const s = await row("first@example.com");
    await expect.poll(async () => (await row("first@example.com")).notify_status, { timeout: 10_000 }).toBe("sent");
    const mailsFor = () => smtp.mails.filter((m) => m.text.includes("first@example.com")).length;
    expect(mailsFor()).toBe(1);
    const res = await apiCall(
      server,
      "POST",
      `/api/admin/forms/${formId}/submissions/${s.id}/notification`,
      adminCookie,
    );
    expect(res.status).toBe(200);
    await expect.poll(mailsFor, { timeout: 10_000 }).toBe(2);
    const jobs = await db()
      .selectFrom("jobs")
      .select(["payload", "done_at"])
      .where("kind", "=", "submission.notify")
      .execute();
    const mine = jobs.filter((j) => j.payload.includes(s.id));
    expect(mine).toHaveLength(2);
  });

  it("erases a contact with its submissions' stored files", async () => {
    const s = await row("first@example.com");
    const [file] = await db()
      .selectFrom("submission_files")
      .select("file_id")
      .where("submission_id", "=", s.id)
      .execute();
    expect(file).toBeTruthy();
    const res = await apiCall(server, "DELETE", `/api/admin/contacts/${s.contact_id}`, adminCookie);
    expect(res.status).toBe(200);
    expect(await db().selectFrom("stored_files").select("id").where("id", "=", file!.file_id).execute()).toEqual([]);
    expect(await db().selectFrom("submission_files").select("id").where("submission_id", "=", s.id).execute()).toEqual(
      [],
    );
  });
});
