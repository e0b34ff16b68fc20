import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueFormToken } from "@server/leads/form-token";
import { apiCall, startStaffServer } from "../support/auth";
import { dbKinds } from "../support/db";
import type { TestServer } from "../support/server";
import { startTestSmtp, type TestSmtp } from "../support/smtp";

/** Must match the AUTH_SECRET startTestServer gives the server. */
const AUTH_SECRET = "test-secret-0123456789abcdef0123456789abcdef";
const token = (ageMs = 10_000) => issueFormToken(AUTH_SECRET, Date.now() - ageMs);

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

/** A form with one field of every type. */
const everyType = (slug: string) => ({
  name: "Partner enquiry",
  slug,
  description: "Tell us about your partnership idea.",
  fields: [
    { key: "fullName", type: "text", label: "Full name", required: true, contact: "name" },
    { key: "company", type: "text", label: "Company", required: false, contact: "businessName" },
    { key: "email", type: "email", label: "E-mail", required: true },
    { key: "phone", type: "phone", label: "Phone", required: false, contact: "phone" },
    { key: "locations", type: "number", label: "Number of locations", required: true },
    { key: "plan", type: "select", label: "Plan", required: true, options: ["Basic", "Pro"] },
    { key: "channels", type: "multiselect", label: "Channels", required: true, options: ["Web", "Store", "Phone"] },
    { key: "details", type: "textarea", label: "Details", required: false, help: "Anything else?" },
    { key: "newsletter", type: "checkbox", label: "Send me the newsletter", required: false },
    { key: "deck", type: "file", label: "Pitch deck", required: false },
    { key: "agree", type: "consent", label: "You may contact me about this.", required: true },
  ],
  recipients: ["partners@meritum.test", "Owner@Meritum.test"],
  successMessage: "Thanks! Our partnerships team will reply this week.",
  active: true,
});

let ipCounter = 0;
const newIp = () => `198.51.100.${++ipCounter}`;

function answersForm(overrides: Record<string, string | string[] | null> = {}, deck?: Uint8Array): FormData {
  const fields: Record<string, string | string[] | null> = {
    formToken: token(),
    fullName: "Zoë Ångström",
    company: "Northside Coffee Co",
    email: "Zoe@Example.com",
    phone: "(602) 555-0100",
    locations: "3",
    plan: "Pro",
    channels: ["Web", "Store"],
    details: '=HYPERLINK("http://evil")',
    newsletter: "yes",
    agree: "yes",
    _landing: "/forms/partners?utm_source=newsletter",
    _referrer: "https://search.example/",
    _utm_source: "newsletter",
    _utm_medium: "email",
    _utm_campaign: "spring",
    ...overrides,
  };
  const fd = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) fd.append(key, v);
  }
  if (deck) fd.append("deck", new Blob([deck as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), "deck.pdf");
  return fd;
}

describe.each(dbKinds())("forms and submissions on %s", (kind) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let adminCookie: string;
  let editorCookie: string;
  let formId: string;
  const slug = "partners";

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ({ server, adminCookie, editorCookie } = await startStaffServer(kind, {
      SMTP_URL: smtp.url,
      CONTACT_MIN_SUBMIT_SECONDS: "3",
      CONTACT_RATE_LIMIT: "50",
    }));
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const db = () => server.database.db;
  const call = (method: string, path: string, body?: unknown, cookie: string | null = adminCookie) =>
    apiCall(server, method, `/api/admin/forms${path}`, cookie, body);
  const submit = (body: FormData, ip = newIp()) =>
    fetch(`${server.url}/forms/${slug}`, { method: "POST", body, headers: { "x-forwarded-for": ip } });
  const submissionBy = (email: string) =>
    db().selectFrom("lead_submissions").selectAll().where("email", "=", email).orderBy("created_at").execute();

  it("lists the seeded Free Analysis form with its locked core fields", async () => {
    const res = await call("GET", "");
    expect(res.status).toBe(200);
    const body = await res.json();
    const fa = body.forms.find((f: { slug: string }) => f.slug === "free-analysis");
    expect(fa).toMatchObject({ name: "Free Analysis", systemKey: "free-analysis", active: true });
    expect(fa.fields.map((f: { key: string }) => f.key)).toEqual(
      expect.arrayContaining(["name", "businessName", "email", "phone", "monthlyVolume", "statement", "consent"]),
    );
    expect(fa.fields.every((f: { locked?: boolean }) => f.locked)).toBe(true);
  });

  it("refuses bad definitions with field errors and stores nothing", async () => {
    const bad = {
      ...everyType("Not A Slug"),
      name: " ",
      fields: [
        { key: "email", type: "email", label: "E-mail", required: false },
        { key: "email", type: "select", label: "Plan", required: true },
        { key: "formToken", type: "text", label: "Sneaky", required: false },
      ],
      recipients: ["not-an-address"],
      successMessage: "",
    };
    const res = await call("POST", "", bad);
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.code).toBe("validation");
    expect(error.fields).toMatchObject({
      name: expect.any(String),
      slug: expect.stringContaining("lowercase"),
      "fields.1.key": "Two fields have this key.",
      "fields.1.options": "Add at least one option.",
      "fields.2.key": "This key is reserved.",
      "recipients.0": expect.stringContaining("valid e-mail"),
      successMessage: expect.any(String),
      fields: expect.stringContaining("required e-mail field"),
    });
    expect(await db().selectFrom("form_definitions").select("id").where("name", "=", " ").execute()).toEqual([]);
  });

  it("creates a form with every field type (audited); a slug in use is a conflict", async () => {
    const res = await call("POST", "", everyType(slug), editorCookie);
    expect(res.status).toBe(201);
    formId = (await res.json()).data.id;
    const again = await call("POST", "", everyType(slug));
    expect(again.status).toBe(409);
    expect((await again.json()).error.fields.slug).toBe("Another form already uses this slug.");
    const audit = await db().selectFrom("audit_log").selectAll().where("action", "=", "form.created").execute();
    expect(audit.map((a) => a.target)).toContain(slug);
    const page = await fetch(`${server.url}/forms/${slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const label of ["Full name", "Number of locations", "Channels", "Pitch deck", "You may contact me"])
      expect(html).toContain(label);
  });

  it("refuses removing the Free Analysis core fields, keeps them as they are, and shows an added field on /contact", async () => {
    const list = await (await call("GET", "")).json();
    const fa = list.forms.find((f: { slug: string }) => f.slug === "free-analysis");
    const missing = await call("PUT", `/${fa.id}`, {
      ...fa,
      fields: fa.fields.filter((f: { key: string }) => f.key !== "phone"),
    });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.message).toContain("cannot be removed");
    const fields = fa.fields.map((f: { key: string; label: string }) =>
      f.key === "phone" ? { ...f, label: "Best phone number", required: false, type: "text" } : f,
    );
    fields.push({
      key: "heardAbout",
      type: "select",
      label: "How did you hear about us?",
      required: true,
      options: ["Search", "Friend"],
    });
    const saved = await call("PUT", `/${fa.id}`, { ...fa, fields, active: false });
    expect(saved.status).toBe(200);
    const form = (await (await call("GET", `/${fa.id}`)).json()).form;
    const phone = form.fields.find((f: { key: string }) => f.key === "phone");
    expect(phone).toMatchObject({ label: "Best phone number", required: true, type: "phone", locked: true });
    expect(form.fields.at(-1)).toMatchObject({ key: "heardAbout", required: false });
    expect(form.active).toBe(true);
    const html = await (await fetch(`${server.url}/contact`)).text();
    expect(html).toContain("Best phone number");
    expect(html).toContain("How did you hear about us?");
  });

  it("files a /contact request under Free Analysis with the added field's answer and its statement (staff download only)", async () => {
    const fd = new FormData();
    const values: Record<string, string> = {
      formToken: token(),
      name: "Dana Ruiz",
      businessName: "Ruiz Auto Care",
      email: "dana@ruizauto.example",
      phone: "(480) 555-0123",
      monthlyVolume: "50k-100k",
      paymentMethods: "in-person",
      heardAbout: "Friend",
      consent: "yes",
    };
    for (const [k, v] of Object.entries(values)) fd.append(k, v);
    fd.append("statement", new Blob([PDF as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), "März.pdf");
    const res = await fetch(`${server.url}/contact`, {
      method: "POST",
      body: fd,
      headers: { "x-forwarded-for": newIp() },
    });
    expect(res.status).toBe(200);
    await res.text();
    const fa = (await (await call("GET", "")).json()).forms.find((f: { slug: string }) => f.slug === "free-analysis");
    const list = await (await call("GET", `/${fa.id}/submissions?q=ruiz`)).json();
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0]).toMatchObject({ email: "dana@ruizauto.example", files: 1, read: false });
    const detail = (await (await call("GET", `/${fa.id}/submissions/${list.rows[0].id}`)).json()).submission;
    expect(detail.answers).toEqual(
      expect.arrayContaining([
        { key: "phone", label: "Best phone number", type: "phone", value: "(480) 555-0123" },
        { key: "monthlyVolume", label: "Monthly card volume", type: "select", value: "$50,000 – $100,000" },
        { key: "heardAbout", label: "How did you hear about us?", type: "select", value: "Friend" },
      ]),
    );
    const file = detail.files[0];
    expect(file).toMatchObject({ kind: "statement", filename: "März.pdf" });
    const path = `/${fa.id}/submissions/${detail.id}/files/${file.id}`;
    const download = await call("GET", path);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe(
      `attachment; filename="M_rz.pdf"; filename*=UTF-8''M%C3%A4rz.pdf`,
    );
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF);
    expect((await call("GET", path, undefined, null)).status).toBe(401);
  });

  it("stores a submission through a custom form with every field type, its file, attribution and a contact, and e-mails the recipients", async () => {
    const since = smtp.mails.length;
    const res = await submit(answersForm({}, PDF));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Our partnerships team will reply this week.");
    const [s] = await submissionBy("zoe@example.com");
    expect(s).toMatchObject({
      form_id: formId,
      source: "form",
      name: "Zoë Ångström",
      phone: "(602) 555-0100",
      landing_page: "/forms/partners?utm_source=newsletter",
      referrer: "https://search.example/",
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "spring",
      spam_reason: null,
      read_at: null,
    });
    const answers = Object.fromEntries(
      (JSON.parse(s!.answers!) as Array<{ key: string; value: unknown }>).map((a) => [a.key, a.value]),
    );
    expect(answers).toMatchObject({
      fullName: "Zoë Ångström",
      email: "zoe@example.com",
      locations: 3,
      plan: "Pro",
      channels: ["Web", "Store"],
      details: '=HYPERLINK("http://evil")',
      newsletter: true,
      agree: true,
      deck: { filename: "deck.pdf", size: PDF.byteLength, mimeType: "application/pdf" },
    });
    const contact = await db()
      .selectFrom("contacts")
      .selectAll()
      .where("id", "=", s!.contact_id!)
      .executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ email: "zoe@example.com", name: "Zoë Ångström", submission_count: 1 });
    const files = await db().selectFrom("submission_files").selectAll().where("submission_id", "=", s!.id).execute();
    expect(files).toHaveLength(1);

    const mail = await smtp.waitFor("partners@meritum.test", { since });
    expect(mail.to.sort()).toEqual(["owner@meritum.test", "partners@meritum.test"]);
    expect(mail.text).toContain("Subject: New Partner enquiry submission: Northside Coffee Co");
    expect(mail.text).toContain("Channels: Web; Store");
    expect(mail.text).toContain(`/admin/forms/${formId}/submissions/${s!.id}`);
    expect(mail.text).toContain("attached: deck.pdf");
    expect(mail.text).not.toMatch(/Content-Disposition: attachment/i);
    await expect
      .poll(async () => (await submissionBy("zoe@example.com"))[0]!.notify_status, { timeout: 10_000 })
      .toBe("sent");
  });

  it("answers missing and wrong answers with 400 and a message per field, storing nothing", async () => {
    const before = (await submissionBy("bad@example.com")).length;
    const res = await submit(
      answersForm(
        { email: "bad@example.com", fullName: "", locations: "three", plan: "Gold", channels: null, agree: null },
        new TextEncoder().encode("MZ not a pdf"),
      ),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    for (const msg of [
      "Please fill in “Full name”",
      "“Number of locations” must be a number",
      "Please choose an option for “Plan”",
      "Please choose at least one option for “Channels”",
      "Please agree",
      "Please attach a PDF, PNG or JPEG file",
    ])
      expect(html).toContain(msg.replace(/“/g, "“"));
    expect((await submissionBy("bad@example.com")).length).toBe(before);
  });

  it("links a second submission with the same e-mail to the contact, kept as first submitted, and shows the differences", async () => {
    const res = await submit(
      answersForm({ email: "ZOE@example.COM", fullName: "Zoe Angstrom", phone: "602-555-0199" }),
    );
    expect(res.status).toBe(200);
    const rows = await submissionBy("zoe@example.com");
    expect(rows).toHaveLength(2);
    expect(rows[1]!.contact_id).toBe(rows[0]!.contact_id);
    const contact = await db()
      .selectFrom("contacts")
      .selectAll()
      .where("id", "=", rows[0]!.contact_id!)
      .executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ name: "Zoë Ångström", phone: "(602) 555-0100", submission_count: 2 });
    const detail = await (await call("GET", `/${formId}/submissions/${rows[1]!.id}`)).json();
    expect(detail.submission.differences).toEqual([
      { field: "name", label: "Name", submitted: "Zoe Angstrom", contact: "Zoë Ångström" },
      { field: "phone", label: "Phone", submitted: "602-555-0199", contact: "(602) 555-0100" },
    ]);
  });

  it("holds honeypot and too-fast posts as spam without a notification; restoring makes the contact and notifies", async () => {
    const since = smtp.mails.length;
    expect((await submit(answersForm({ email: "bot@spam.example", referral_code: "x" }))).status).toBe(200);
    expect((await submit(answersForm({ email: "fast@person.example", formToken: token(500) }))).status).toBe(200);
    const spam = await (await call("GET", `/${formId}/submissions?tab=spam`)).json();
    expect(spam.rows.map((r: { email: string; spamReason: string }) => [r.email, r.spamReason]).sort()).toEqual([
      ["bot@spam.example", "honeypot"],
      ["fast@person.example", "too-fast"],
    ]);
    expect(spam.counts.spam).toBe(2);
    const unread = await (await call("GET", `/${formId}/submissions`)).json();
    expect(unread.rows.map((r: { email: string }) => r.email)).not.toContain("bot@spam.example");
    await new Promise((r) => setTimeout(r, 300));
    const spamMails = () =>
      smtp.mails.slice(since).filter((m) => /bot@spam\.example|fast@person\.example/.test(m.text));
    expect(spamMails()).toEqual([]);
    expect(await db().selectFrom("contacts").select("id").where("email", "=", "fast@person.example").execute()).toEqual(
      [],
    );

    const fast = spam.rows.find((r: { email: string }) => r.email === "fast@person.example");
    const restored = await call("PATCH", `/${formId}/submissions/${fast.id}`, { spam: false });
    expect(restored.status).toBe(200);
    expect((await restored.json()).message).toContain("notification is on its way");
    await expect.poll(() => spamMails().length, { timeout: 10_000 }).toBe(1);
    expect(spamMails()[0]!.text).toContain("Reply-To: fast@person.example");
    const contact = await db()
      .selectFrom("contacts")
      .selectAll()
      .where("email", "=", "fast@person.example")
      .executeTakeFirstOrThrow();
    const [row] = await submissionBy("fast@person.example");
    expect(row).toMatchObject({ contact_id: contact.id, spam_reason: null });
    // And back: marked spam by staff.
    expect((await call("PATCH", `/${formId}/submissions/${fast.id}`, { spam: true })).status).toBe(200);
    expect((await submissionBy("fast@person.example"))[0]).toMatchObject({ spam_reason: "staff" });
  });

  it("floods beyond the rate limit get 429 and store nothing", async () => {
    const ip = newIp();
    const before = await db().selectFrom("lead_submissions").select("id").execute();
    let last = 0;
    for (let i = 0; i < 51; i++) {
      const res = await submit(answersForm({ email: "", referral_code: "flood" }), ip);
      last = res.status;
      await res.text();
    }
    expect(last).toBe(429);
    const after = await db().selectFrom("lead_submissions").select("id").execute();
    expect(after.length - before.length).toBe(50);
  });

  it("marks read and unread, searches, filters by date and pages the inbox", async () => {
    const list = await (await call("GET", `/${formId}/submissions?q=ANGSTROM`)).json();
    expect(list.rows).toHaveLength(1);
    const id = list.rows[0].id;
    expect((await call("PATCH", `/${formId}/submissions/${id}`, { read: true })).status).toBe(200);
    const read = await (await call("GET", `/${formId}/submissions?tab=read`)).json();
    expect(read.rows.map((r: { id: string }) => r.id)).toEqual([id]);
    const future = await (await call("GET", `/${formId}/submissions?from=2099-01-01`)).json();
    expect(future.total).toBe(0);
    const bad = await call("GET", `/${formId}/submissions?from=yesterday`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields.from).toContain("date");
    expect((await call("PATCH", `/${formId}/submissions/${id}`, { read: false })).status).toBe(200);
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
    expect(lines[0]).toContain("Received,Status,Spam reason,Full name,Company,E-mail");
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
    expect(await db().selectFrom("lead_submissions").select("id").where("id", "=", s!.id).execute()).toEqual([]);
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
      ["POST", "", everyType("matrix")],
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

/** A port nothing listens on (taken, then released). */
async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

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
        .selectFrom("lead_submissions")
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
