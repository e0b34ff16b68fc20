import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT_TEXT } from "@common/lead";
import { readStoredFile } from "@server/files/files";
import { consentVersionOf } from "@server/forms/consent";
import { dbKinds } from "../support/db";
import { answerOf, formToken as token, leadForm, samplePdf } from "../support/lead-forms";
import { startTestServer, type TestServer } from "../support/server";
import { startTestSmtp, type TestSmtp } from "../support/smtp";

/**
 * The Free Analysis form (/contact) over real HTTP on both databases: what a good post
 * stores and whom it e-mails, every way a post is refused (415, 413, 400, 429) with nothing
 * stored, spam held. Notifications when SMTP fails and the store's transaction:
 * leads-notify.test.ts; attribution and the page cache: leads-attribution.test.ts.
 */

let ipCounter = 0;
/** Each test posts from its own address (TRUST_PROXY is on), so rate limits stay per test. */
function newIp(): string {
  ipCounter += 1;
  return `203.0.113.${ipCounter}`;
}

describe.each(dbKinds())("Free Analysis form on %s", (kind) => {
  let server: TestServer;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({
      db: kind,
      env: {
        SMTP_URL: smtp.url,
        STAFF_NOTIFY_EMAIL: "leads@meritum.test",
        TRUST_PROXY: "1",
        CONTACT_RATE_LIMIT: "3",
        CONTACT_MIN_SUBMIT_SECONDS: "3",
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const db = () => server.database.db;
  const statementsDir = () => path.join(server.database.dataDir, "statements");
  const listFiles = () => (fs.existsSync(statementsDir()) ? fs.readdirSync(statementsDir()) : []);

  async function counts() {
    const c = async (table: "contacts" | "submissions" | "submission_files" | "stored_files") =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      contacts: await c("contacts"),
      submissions: await c("submissions"),
      submissionFiles: await c("submission_files"),
      files: await c("stored_files"),
      diskFiles: listFiles().length,
    };
  }

  function post(body: BodyInit, init: { ip?: string; headers?: Record<string, string> } = {}) {
    return fetch(`${server.url}/contact`, {
      method: "POST",
      body,
      headers: { "x-forwarded-for": init.ip ?? newIp(), ...init.headers },
    });
  }

  /** Posts something bad and checks the status, a readable message, and that nothing was stored. */
  async function expectRejected(
    body: BodyInit,
    status: number,
    text: string | RegExp,
    headers?: Record<string, string>,
  ) {
    const before = await counts();
    const res = await post(body, { headers });
    expect(res.status).toBe(status);
    const html = await res.text();
    if (typeof text === "string") expect(html).toContain(text);
    else expect(html).toMatch(text);
    expect(await counts()).toEqual(before);
    return html;
  }

  it("stores the contact, the submission and the statement, then e-mails the staff", async () => {
    const pdf = samplePdf();
    const ip = newIp();
    const res = await post(
      leadForm({}, { name: "March statement.pdf", type: "application/pdf", bytes: new Uint8Array(pdf) }),
      { ip },
    );
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Your request is in");
    expect(html).toContain("within one business day");
    expect(html).toContain("(800) 431-9848");

    const contact = await db()
      .selectFrom("contacts")
      .selectAll()
      .where("email", "=", "dana.ruiz@ruizauto.example")
      .executeTakeFirstOrThrow();
    expect(contact).toMatchObject({
      name: "Dana Ruiz",
      business_name: "Ruiz Auto Care",
      status: "new",
      submission_count: 1,
      website: "https://ruizauto.example",
    });
    // The lead profile, from the answers by the Free Analysis definition's mapping.
    expect(JSON.parse(contact.lead_profile)).toEqual({
      monthlyVolume: "50k-100k",
      averageTicketCents: 18540,
      currentProcessor: "Heartland",
      paymentMethods: ["in-person", "mobile"],
    });
    const submission = await db()
      .selectFrom("submissions")
      .selectAll()
      .where("contact_id", "=", contact.id)
      .executeTakeFirstOrThrow();
    expect(submission).toMatchObject({
      email: "dana.ruiz@ruizauto.example",
      // The consent text's version (decision 0049): its SHA-256, first 16 hex characters.
      consent_version: consentVersionOf(CONSENT_TEXT),
      source: "contact",
      client_ip: ip,
    });
    // What only the Free Analysis form asks is in its answers, as the visitor saw it.
    expect(answerOf(submission, "monthlyVolume")).toBe("$50,000 – $100,000");
    expect(answerOf(submission, "averageTicket")).toBe(185.4);
    expect(answerOf(submission, "currentProcessor")).toBe("Heartland");
    expect(answerOf(submission, "message")).toBe("Our fees went up twice this year.");
    expect(answerOf(submission, "paymentMethods")).toEqual([
      "In person (card terminal or POS)",
      "Mobile (phone or tablet on the go)",
    ]);
    expect(answerOf(submission, "calcVolume")).toBeUndefined();
    expect(Boolean(submission.consent)).toBe(true);
    expect(submission.user_agent).toBeTruthy();

    const statement = answerOf(submission, "statement") as { fileId: string };
    expect(statement).toMatchObject({ filename: "March statement.pdf", mimeType: "application/pdf", size: pdf.length });
    const file = await db()
      .selectFrom("submission_files")
      .selectAll()
      .where("submission_id", "=", submission.id)
      .executeTakeFirstOrThrow();
    expect(file).toMatchObject({ field_key: "statement", file_id: statement.fileId });
    // In the file store (decision 0012), never on the instance's disk.
    const stored = await readStoredFile(db(), statement.fileId);
    expect(stored?.file).toMatchObject({
      purpose: "attachment",
      filename: "March statement.pdf",
      mimeType: "application/pdf",
      sha256: crypto.createHash("sha256").update(pdf).digest("hex"),
    });
    expect(Buffer.from(stored!.bytes).equals(pdf)).toBe(true);
    expect(listFiles()).toEqual([]);
    // Never reachable over HTTP.
    expect((await fetch(`${server.url}/statements/${statement.fileId}`)).status).toBe(404);

    await expect.poll(() => smtp.mails.length, { timeout: 10_000 }).toBe(1);
    const mail = smtp.mails[0]!;
    expect(mail.to).toEqual(["leads@meritum.test"]);
    expect(mail.text).toContain("Subject: New Free Analysis request: Ruiz Auto Care");
    expect(mail.text).toMatch(/Reply-To: dana\.ruiz@ruizauto\.example/i);
    expect(mail.text).toContain("uploaded: March statement.pdf (PDF, 1 KB)");
    expect(mail.text).not.toMatch(/Content-Disposition: attachment/i);
    await expect
      .poll(
        async () =>
          (
            await db()
              .selectFrom("submissions")
              .select("notify_status")
              .where("id", "=", submission.id)
              .executeTakeFirstOrThrow()
          ).notify_status,
      )
      .toBe("sent");
    const notified = await db()
      .selectFrom("submissions")
      .selectAll()
      .where("id", "=", submission.id)
      .executeTakeFirstOrThrow();
    expect(notified).toMatchObject({ notify_attempts: 1, notify_error: null });
    expect(notified.notified_at).toBeTruthy();
  });

  it("links the same e-mail in another case to the contact, kept as first submitted", async () => {
    const before = await counts();
    const res = await post(
      leadForm({
        email: "DANA.RUIZ@ruizauto.EXAMPLE",
        phone: "480-555-0199",
        source: "calculator",
        calcVolume: "80000",
        calcTransactions: "400",
        calcFees: "2400",
      }),
    );
    expect(res.status).toBe(200);
    const after = await counts();
    expect(after.contacts).toBe(before.contacts);
    expect(after.submissions).toBe(before.submissions + 1);
    const contact = await db()
      .selectFrom("contacts")
      .selectAll()
      .where("email", "=", "dana.ruiz@ruizauto.example")
      .executeTakeFirstOrThrow();
    // The contact keeps what was first submitted; the new phone number stays on the submission.
    expect(contact).toMatchObject({ submission_count: 2, phone: "(480) 555-0123", name: "Dana Ruiz" });
    const submissions = await db()
      .selectFrom("submissions")
      .selectAll()
      .where("contact_id", "=", contact.id)
      .orderBy("created_at")
      .execute();
    expect(submissions).toHaveLength(2);
    expect(submissions[1]).toMatchObject({ source: "calculator", phone: "480-555-0199" });
    expect(JSON.parse(submissions[1]!.answers).slice(-3)).toEqual([
      { key: "calcVolume", label: "Calculator: monthly card volume ($)", type: "number", value: 80000 },
      { key: "calcTransactions", label: "Calculator: transactions a month", type: "number", value: 400 },
      { key: "calcFees", label: "Calculator: monthly processing fees ($)", type: "number", value: 2400 },
    ]);
  });

  it("answers a JSON or text/plain post with 415", async () => {
    await expectRejected(JSON.stringify({ name: "x" }), 415, "This kind of request body is not accepted here", {
      "content-type": "application/json",
    });
    await expectRejected("name=x", 415, "This kind of request body is not accepted here", {
      "content-type": "text/plain",
    });
  });

  it("answers an oversized body with 413, whether or not it declares its length", async () => {
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(new TextEncoder().encode("%PDF-1.4\n"));
    const html = await expectRejected(
      leadForm({}, { name: "big.pdf", type: "application/pdf", bytes: big }),
      413,
      "larger than we accept",
    );
    expect(html).toContain("10 MB or smaller");

    // Streamed (chunked) so only the parser's running count can catch it.
    const encoded = new Response(leadForm({}, { name: "big.pdf", type: "application/pdf", bytes: big }));
    const contentType = encoded.headers.get("content-type")!;
    const before = await counts();
    const res = await fetch(`${server.url}/contact`, {
      method: "POST",
      body: encoded.body,
      headers: { "content-type": contentType, "x-forwarded-for": newIp() },
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.text()).toContain("larger than we accept");
    expect(await counts()).toEqual(before);
  });

  it("answers huge or malformed fields with 400 and field errors", async () => {
    const html = await expectRejected(
      leadForm({ message: "m".repeat(100_000), name: "n".repeat(5000) }),
      400,
      "Message must be 2,000 characters or fewer.",
    );
    expect(html).toContain("Name must be 100 characters or fewer.");
    expect(html).toContain('aria-invalid="true"');
    const missing = await expectRejected(
      leadForm({ email: "dana@", paymentMethods: null, consent: null }),
      400,
      "Please enter a valid e-mail address",
    );
    expect(missing).toContain("Please choose at least one way you take payments.");
    expect(missing).toContain("Please agree to be contacted");
    // The values typed are put back into the form.
    expect(missing).toContain('value="Ruiz Auto Care"');
  });

  it("answers non-UTF-8 field bytes with 400", async () => {
    const boundary = "----meritumtest";
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="formToken"\r\n\r\n${token()}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n`),
      Buffer.from([0x44, 0x61, 0xff, 0xfe, 0x6e, 0x61]),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    await expectRejected(body, 400, "not valid UTF-8", { "content-type": `multipart/form-data; boundary=${boundary}` });
    await expectRejected("name=Da%FF%FEna&consent=yes", 400, "not valid UTF-8", {
      "content-type": "application/x-www-form-urlencoded",
    });
  });

  it("refuses a renamed .exe called statement.pdf, with an error on the statement field", async () => {
    const exe = new Uint8Array(2048);
    exe.set([0x4d, 0x5a, 0x90, 0x00, 0x03]);
    const html = await expectRejected(
      leadForm({}, { name: "statement.pdf", type: "application/pdf", bytes: exe }),
      400,
      "Please upload your statement as a PDF, PNG or JPEG file.",
    );
    // Beside the statement field (every field has an error slot; only this one is shown and filled).
    expect(html).toMatch(
      /<p (?![^>]*\bhidden\b)[^>]*id="lead-statement-error"[^>]*>(?:(?!<\/p>).)*Please upload your statement/s,
    );
  });

  it("answers a filled honeypot or a too-fast post like a success, holds it as spam, makes no contact and sends nothing", async () => {
    const mailsBefore = smtp.mails.length;
    for (const [overrides, reason] of [
      [{ referral_code: "WIN-BIG-2025", email: "bot@spam.example" }, "honeypot"],
      [{ formToken: token(200), email: "quick@spam.example" }, "too-fast"],
    ] as const) {
      const before = await counts();
      const res = await post(leadForm(overrides));
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("Your request is in");
      expect(await counts()).toEqual({ ...before, submissions: before.submissions + 1 });
      const held = await db()
        .selectFrom("submissions")
        .selectAll()
        .where("email", "=", overrides.email)
        .executeTakeFirstOrThrow();
      expect(held).toMatchObject({ contact_id: null, spam_reason: reason, notify_status: "held" });
      expect(Boolean(held.spam)).toBe(true);
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.length).toBe(mailsBefore);
  });

  it("refuses a form opened long ago or with a forged token", async () => {
    await expectRejected(leadForm({ formToken: token(25 * 60 * 60 * 1000) }), 400, "opened too long ago");
    await expectRejected(leadForm({ formToken: "1700000000000.forged" }), 400, "couldn&#x27;t verify this form");
    await expectRejected(leadForm({ formToken: null }), 400, "couldn&#x27;t verify this form");
  });

  it("limits posts per address with 429, Retry-After and a readable message", async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i++) {
      const res = await post(leadForm({ email: "", consent: null }), { ip });
      expect(res.status).toBe(400);
      await res.text();
    }
    const before = await counts();
    const res = await post(leadForm({ email: "limit@example.com" }), { ip });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await res.text()).toMatch(/Too many requests from your connection\. Please try again in \d+ minutes?\./);
    expect(await counts()).toEqual(before);
    // Another address is not affected.
    const other = await post(leadForm({ email: "other@example.com" }));
    expect(other.status).toBe(200);
    await other.text();
  });
});
