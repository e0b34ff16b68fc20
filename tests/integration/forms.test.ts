import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, startStaffServer } from "../support/auth";
import { dbKinds } from "../support/db";
import {
  everyTypeForm as everyType,
  formProof,
  formToken as token,
  partnerAnswers as answersForm,
  samplePdf,
  newIp,
} from "../support/lead-forms";
import type { TestServer } from "../support/server";
import { startTestSmtp, type TestSmtp } from "../support/smtp";

/**
 * Form definitions and the public posts through them, over real HTTP on both databases:
 * validation of a definition, a submission with every field type, the Free Analysis form's
 * locked fields, dedupe by e-mail, spam held and restored, floods refused, and the page cache
 * following every change to a form. The inbox, export and notifications: forms-inbox.test.ts.
 */
const PDF = new Uint8Array(samplePdf());

describe.each(dbKinds())("form definitions and public posts on %s", (kind) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let adminCookie: string;
  let formId: string;
  const slug = "partners";

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ({ server, adminCookie } = await startStaffServer(kind, {
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
    db().selectFrom("submissions").selectAll().where("email", "=", email).orderBy("created_at").execute();

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
    const res = await call("POST", "", everyType(slug));
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

  it("refreshes cached form pages when staff edit, switch off or delete a form", async () => {
    const visit = async (path: string) => {
      const res = await fetch(`${server.url}${path}`);
      return { status: res.status, cache: res.headers.get("x-page-cache"), html: await res.text() };
    };
    await visit(`/forms/${slug}`);
    const cached = await visit(`/forms/${slug}`);
    expect(cached.cache).toBe("hit");
    expect(cached.html).toContain("Tell us about your partnership idea.");

    const form = (await (await call("GET", `/${formId}`)).json()).form;
    const fields = [...form.fields, { key: "budget", type: "text", label: "Your budget", required: false }];
    const edit = { ...form, description: "Partnerships, new this season.", fields };
    expect((await call("PUT", `/${formId}`, edit)).status).toBe(200);
    const edited = await visit(`/forms/${slug}`);
    expect(edited.cache).toBe("miss");
    expect(edited.html).toContain("Partnerships, new this season.");
    expect(edited.html).toContain("Your budget");
    expect(edited.html).not.toContain("Tell us about your partnership idea.");

    expect((await call("PUT", `/${formId}`, { ...edit, active: false })).status).toBe(200);
    expect((await visit(`/forms/${slug}`)).status).toBe(404);
    expect((await call("PUT", `/${formId}`, everyType(slug))).status).toBe(200);
    expect((await visit(`/forms/${slug}`)).html).toContain("Tell us about your partnership idea.");

    const other = await call("POST", "", everyType("short-lived"));
    const otherId = (await other.json()).data.id;
    expect((await visit("/forms/short-lived")).status).toBe(200);
    expect((await visit("/forms/short-lived")).cache).toBe("hit");
    expect((await call("DELETE", `/${otherId}`)).status).toBe(200);
    expect((await visit("/forms/short-lived")).status).toBe(404);
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
    // /contact is in the page cache before the edit, and out of it after.
    await (await fetch(`${server.url}/contact`)).text();
    const before = await fetch(`${server.url}/contact`);
    expect(before.headers.get("x-page-cache")).toBe("hit");
    expect(await before.text()).not.toContain("How did you hear about us?");
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
      formProof: formProof(),
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
    expect(file).toMatchObject({ fieldKey: "statement", filename: "März.pdf" });
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
    expect(mail.text).toContain("uploaded: deck.pdf (PDF, 1 KB), open it in the admin");
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
    const before = await db().selectFrom("submissions").select("id").execute();
    let last = 0;
    for (let i = 0; i < 51; i++) {
      const res = await submit(answersForm({ email: "", referral_code: "flood" }), ip);
      last = res.status;
      await res.text();
    }
    expect(last).toBe(429);
    const after = await db().selectFrom("submissions").select("id").execute();
    expect(after.length - before.length).toBe(50);
  });
});
