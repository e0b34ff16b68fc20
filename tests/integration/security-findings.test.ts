import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiCall,
  createStaff,
  getPage,
  PASSWORD,
  postLogin,
  signIn,
  startStaffServer,
  type StaffServer,
} from "../support/auth";
import { dbKinds } from "../support/db";
import {
  contactFiles,
  everyTypeForm,
  formBody,
  formProof,
  formToken,
  leadForm,
  newIp,
  storeFreeAnalysis,
} from "../support/lead-forms";
import { startTestSmtp, type TestSmtp } from "../support/smtp";

/**
 * Issue 26, each finding over real HTTP on both databases: downloads named by the detected
 * type, image originals without EXIF, CSV in ;-list locales, form recipients, in-session
 * password guessing, odd redirect targets and broken %-encodings, and the smaller items.
 */
const PDF_BAT = new TextEncoder().encode("%PDF-1.4\r\n@echo off\r\nstart calc.exe\r\n%%EOF\r\n");
const disposition = (res: Response) => res.headers.get("content-disposition") ?? "";

describe.each(dbKinds())("security findings of issue 26 on %s", (kind) => {
  let staff: StaffServer;
  let smtp: TestSmtp;
  let formId: string;
  const db = () => staff.server.database.db;
  const call = (method: string, path: string, body?: unknown, cookie: string | null = staff.adminCookie) =>
    apiCall(staff.server, method, `/api/admin${path}`, cookie, body);
  const audits = (action: string) =>
    db().selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("created_at").execute();

  beforeAll(async () => {
    smtp = await startTestSmtp();
    staff = await startStaffServer(kind, { SMTP_URL: smtp.url, CONTACT_MIN_SUBMIT_SECONDS: "1" });
    const created = await call("POST", "/forms", everyTypeForm("partners"));
    expect(created.status).toBe(201);
    formId = (await created.json()).data.id;
  });
  afterAll(async () => {
    await staff?.server.stop();
    await smtp?.close();
  });

  it("stores and serves a statement under the detected type's extension, not the visitor's", async () => {
    for (const [name, expected] of [
      ["October statement.pdf.bat", "October statement.pdf"],
      ["October statement.pdf.html", "October statement.pdf"],
      ["invoice\u202Efdp.exe", "invoicefdp.pdf"],
    ] as const) {
      const email = `ext-${expected.length}-${name.length}@example.com`;
      const res = await fetch(`${staff.server.url}/contact`, {
        method: "POST",
        headers: { "x-forwarded-for": newIp() },
        body: leadForm({ email }, { name, type: "application/pdf", bytes: PDF_BAT }),
      });
      expect(res.status, name).toBe(200);
      const row = await db()
        .selectFrom("submission_files")
        .innerJoin("submissions", "submissions.id", "submission_files.submission_id")
        .innerJoin("stored_files", "stored_files.id", "submission_files.file_id")
        .select(["stored_files.id", "stored_files.filename", "submissions.contact_id"])
        .where("submissions.email", "=", email)
        .executeTakeFirstOrThrow();
      expect(row.filename, name).toBe(expected);
      const download = await call("GET", `/contacts/${row.contact_id}/files/${row.id}`);
      expect(download.status).toBe(200);
      expect(disposition(download)).toBe(
        `attachment; filename="${expected}"; filename*=UTF-8''${encodeURIComponent(expected)}`,
      );
      const detail = await (await call("GET", `/contacts/${row.contact_id}`)).text();
      expect(detail).not.toContain(".bat");
      expect(detail).not.toContain("\u202E");
    }
  });

  it("serves a statement stored before the rule under the detected type's extension", async () => {
    const { contactId } = await storeFreeAnalysis(
      db(),
      { name: "Old Upload", businessName: "Old Co", email: "old-upload@example.com" },
      { filename: "x.pdf", bytes: PDF_BAT },
    );
    const [file] = await contactFiles(db(), contactId!);
    await db().updateTable("stored_files").set({ filename: "run.pdf.bat" }).where("id", "=", file!.id).execute();
    const download = await call("GET", `/contacts/${contactId}/files/${file!.id}`);
    expect(disposition(download)).toBe(`attachment; filename="run.pdf"; filename*=UTF-8''run.pdf`);
  });

  it("stores and serves a form's file answer under the detected type's extension", async () => {
    const answers = formBody(
      {
        formToken: formToken(),
        formProof: formProof(),
        fullName: "File Sender",
        email: "file-sender@example.com",
        locations: "1",
        plan: "Basic",
        channels: ["Web"],
        agree: "yes",
      },
      [{ field: "deck", name: "deck.pdf.html", type: "text/html", bytes: PDF_BAT }],
    );
    const res = await fetch(`${staff.server.url}/forms/partners`, {
      method: "POST",
      headers: { "x-forwarded-for": newIp() },
      body: answers,
    });
    expect(res.status).toBe(200);
    const submission = await db()
      .selectFrom("submissions")
      .select("id")
      .where("email", "=", "file-sender@example.com")
      .executeTakeFirstOrThrow();
    const detail = await (await call("GET", `/forms/${formId}/submissions/${submission.id}`)).json();
    const file = detail.submission.files[0];
    expect(file.filename).toBe("deck.pdf");
    const download = await call("GET", `/forms/${formId}/submissions/${submission.id}/files/${file.id}`);
    expect(disposition(download)).toBe(`attachment; filename="deck.pdf"; filename*=UTF-8''deck.pdf`);
  });

  const upload = (bytes: Uint8Array, name: string) =>
    fetch(`${staff.server.url}/api/admin/media`, {
      method: "POST",
      headers: {
        Origin: staff.server.url,
        Cookie: staff.editorCookie,
        "Content-Type": "application/octet-stream",
        "X-File-Name": encodeURIComponent(name),
        "X-Alt-Text": encodeURIComponent("A photo"),
      },
      body: bytes as Uint8Array<ArrayBuffer>,
    });

  it("names an admin image by its detected type and serves no EXIF (GPS) in the original or a variant", async () => {
    const photo = await sharp({ create: { width: 640, height: 320, channels: 3, background: "#336699" } })
      .jpeg()
      .withIccProfile("p3")
      .withExif({
        IFD0: { Make: "Phone" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "33/1 21/1 0/1",
          GPSLongitudeRef: "W",
          GPSLongitude: "111/1 47/1 0/1",
        },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await upload(new Uint8Array(photo), "poly2.html");
    expect(res.status).toBe(201);
    const { image } = (await res.json()).data;
    expect(image.filename).toBe("poly2.jpg");
    const original = await getPage(staff.server, `/media/${image.id}/original`);
    expect(disposition(original)).toBe(`inline; filename="poly2.jpg"; filename*=UTF-8''poly2.jpg`);
    const served = [new Uint8Array(await original.arrayBuffer())];
    for (const v of image.variants as Array<{ width: number; format: string }>)
      served.push(
        new Uint8Array(await (await getPage(staff.server, `/media/${image.id}/${v.width}.${v.format}`)).arrayBuffer()),
      );
    expect(served.length).toBeGreaterThan(2);
    for (const bytes of served) {
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    }
    expect((await sharp(served[0]!).metadata()).icc).toBeDefined();
  });

  it("defuses a formula behind a ; in both CSV exports, every text cell quoted", async () => {
    const res = await fetch(`${staff.server.url}/contact`, {
      method: "POST",
      headers: { "x-forwarded-for": newIp() },
      body: leadForm({ email: "semi@example.com", businessName: "Semi;=1+2;colon" }),
    });
    expect(res.status).toBe(200);
    const contacts = await (await call("GET", "/contacts/export.csv?q=semi@")).text();
    expect(contacts).toContain(`"'Semi;=1+2;colon"`);
    expect(contacts).not.toContain(`"Semi;=1+2`);
    expect(contacts.split("\r\n")[1]).toMatch(/^"[^"]*","/);

    const answers = formBody({
      formToken: formToken(),
      formProof: formProof(),
      fullName: "Semi;@SUM(A1)",
      email: "semi-form@example.com",
      locations: "1",
      plan: "Basic",
      channels: ["Web"],
      details: "ok; -2+3",
      agree: "yes",
    });
    const posted = await fetch(`${staff.server.url}/forms/partners`, {
      method: "POST",
      headers: { "x-forwarded-for": newIp() },
      body: answers,
    });
    expect(posted.status).toBe(200);
    const forms = await (await call("GET", `/forms/${formId}/export?tab=all&q=semi-form`)).text();
    expect(forms).toContain(`"'Semi;@SUM(A1)"`);
    expect(forms).toContain(`"'ok; -2+3"`);
  });

  it("lets only admins change a form's recipients: audited before and after, admins e-mailed", async () => {
    const form = (await (await call("GET", `/forms/${formId}`)).json()).form;
    const moved = { ...form, recipients: ["someone@elsewhere.test"] };
    const refused = await call("PUT", `/forms/${formId}`, moved, staff.editorCookie);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.message).toMatch(/Only an administrator can change where this form/);
    const created = await call(
      "POST",
      "/forms",
      { ...everyTypeForm("editor-made"), recipients: ["x@elsewhere.test"] },
      staff.editorCookie,
    );
    expect(created.status).toBe(403);
    expect((await (await call("GET", `/forms/${formId}`)).json()).form.recipients).toEqual(form.recipients);
    // An editor's other edits, recipients as they were, still pass.
    const editorEdit = await call("PUT", `/forms/${formId}`, { ...form, name: "Partners" }, staff.editorCookie);
    expect(editorEdit.status).toBe(200);

    const since = smtp.mails.length;
    expect((await call("PUT", `/forms/${formId}`, moved)).status).toBe(200);
    const [audit] = (await audits("form.updated")).slice(-1);
    expect(JSON.parse(audit!.details).recipients).toEqual({
      before: form.recipients,
      after: ["someone@elsewhere.test"],
    });
    const mail = await smtp.waitFor("admin@meritum.test", { since });
    expect(mail.text).toContain("someone@elsewhere.test");
    expect(mail.text).toContain("admin@meritum.test changed where the form");
    expect(smtp.mails.slice(since).some((m) => m.to.includes("editor@meritum.test"))).toBe(false);
  });

  it("ends the session after 5 wrong in-session passwords (any mix of checks), audited", async () => {
    await createStaff(staff.server, "guessed@meritum.test", "editor");
    const cookie = await signIn(staff.server, "guessed@meritum.test", PASSWORD, "203.0.113.60");
    const attempts: Array<[string, Record<string, string>]> = [
      ["/security/reauthenticate", { password: "wrong-1" }],
      [
        "/security/password",
        { currentPassword: "wrong-2", password: "A-new-long-passphrase-7", confirm: "A-new-long-passphrase-7" },
      ],
      ["/security/two-factor", { password: "wrong-3" }],
      ["/security/two-factor/disable", { password: "wrong-4" }],
    ];
    for (const [path, body] of attempts) {
      const res = await apiCall(staff.server, "POST", `/api/admin${path}`, cookie, body, staff.server.url);
      expect([path, res.status]).toEqual([path, 400]);
    }
    expect((await call("GET", "/security", undefined, cookie)).status).toBe(200);
    const fifth = await call("POST", "/security/reauthenticate", { password: "wrong-5" }, cookie);
    expect(fifth.status).toBe(401);
    expect((await fifth.json()).error.message).toMatch(/signed out/);
    expect((await call("GET", "/security", undefined, cookie)).status).toBe(401);
    const [ended] = await audits("session.ended_password_failures");
    expect(ended).toMatchObject({ target: "guessed@meritum.test" });
    expect(JSON.parse(ended!.details)).toMatchObject({ during: "reauthenticate", failures: 5 });

    // Signing in again with the password clears the count; a right password then works.
    const again = await signIn(staff.server, "guessed@meritum.test", PASSWORD, "203.0.113.61");
    expect((await call("POST", "/security/reauthenticate", { password: PASSWORD }, again)).status).toBe(200);
  });

  it("never answers 5xx to odd redirect targets or broken %-encodings in a path", async () => {
    for (const target of ["/%0B/x", "/%00", "/admin%7F", "/%C2%85x", "/%E2%80%A8", "/%E0%A4%A", "/a%20b", "/%C3%BC"]) {
      const res = await getPage(staff.server, `/login?redirectTo=${target}`, staff.adminCookie);
      expect([target, res.status, res.headers.get("location")]).toEqual([target, 302, "/admin"]);
    }
    const signedIn = await postLogin(
      staff.server,
      { email: "admin@meritum.test", password: PASSWORD, redirectTo: "/\u000b/x" },
      { ip: "203.0.113.62" },
    );
    expect([signedIn.status, signedIn.location]).toEqual([302, "/admin"]);
    expect(signedIn.cookie).toContain("session_token=");

    for (const path of [
      "/api/admin/contacts/%E0%A4%A",
      "/api/admin/forms/%",
      "/api/admin/contacts/%zz/statements/x",
      "/admin/contacts/%E0%A4%A",
      "/blog/%E0%A4%A",
      "/%",
      "/media/%E0%A4%A/original",
    ]) {
      for (const cookie of [staff.adminCookie, null]) {
        const res = await getPage(staff.server, path, cookie);
        const body = await res.text();
        expect([path, res.status]).toEqual([path, 400]);
        expect(body).toContain("broken %-encoding");
        if (path.startsWith("/api/")) expect(JSON.parse(body).error.code).toBe("bad_request");
      }
    }
  });

  it("takes only an https LinkedIn URL in the settings", async () => {
    const res = await call("PATCH", "/settings", { linkedinUrl: "javascript:alert(document.domain)//https://x" });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields.linkedinUrl).toBe(
      "Enter the full LinkedIn address, starting with https://.",
    );
  });

  it("sets a post's author from the session, whatever the body says", async () => {
    const adminId = (
      await db().selectFrom("user").select("id").where("email", "=", "admin@meritum.test").executeTakeFirstOrThrow()
    ).id;
    const editorId = (
      await db().selectFrom("user").select("id").where("email", "=", "editor@meritum.test").executeTakeFirstOrThrow()
    ).id;
    const body = {
      slug: "spoofed-author",
      title: "Spoofed author",
      excerpt: "Whose post is this?",
      body: "Text.",
      category: "Checks",
      tags: [],
      status: "draft",
      authorUserId: adminId,
    };
    const created = await call("POST", "/blog-posts", body, staff.editorCookie);
    expect(created.status).toBe(201);
    const { id, version } = (await created.json()).data;
    const row = () =>
      db().selectFrom("blog_posts").select("author_user_id").where("id", "=", id).executeTakeFirstOrThrow();
    expect((await row()).author_user_id).toBe(editorId);
    const saved = await call("PUT", `/blog-posts/${id}`, { ...body, baseVersion: version }, staff.editorCookie);
    expect(saved.status).toBe(200);
    expect((await row()).author_user_id).toBe(editorId);
  });

  it("adds rel to a post's link whose address starts with a space", async () => {
    const body = {
      slug: "spaced-link",
      title: "Spaced link",
      excerpt: "A link with a leading space.",
      body: 'Read <a href=" https://evil.example/" target="_blank">this</a>.',
      category: "Checks",
      tags: [],
      status: "published",
    };
    expect((await call("POST", "/blog-posts", body, staff.editorCookie)).status).toBe(201);
    const page = await getPage(staff.server, "/resources/blog/spaced-link");
    const html = await page.text();
    expect(page.status, html.slice(0, 300)).toBe(200);
    const link = html.match(/<a [^>]*evil\.example[^>]*>/)?.[0] ?? "";
    expect(link).toContain('rel="noopener noreferrer"');
    expect(link).toContain('target="_blank"');
  });

  it("gives editors staff names only, no e-mail addresses, in the owner choices", async () => {
    const list = await (await call("GET", "/contacts", undefined, staff.editorCookie)).json();
    expect(list.owners.length).toBeGreaterThan(1);
    for (const owner of list.owners) expect(Object.keys(owner).sort()).toEqual(["id", "name"]);
    expect(JSON.stringify(list.owners)).not.toContain("@meritum.test");
  });
});
