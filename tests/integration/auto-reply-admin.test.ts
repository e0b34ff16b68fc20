import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFERENCE_PATTERN } from "@common/auto-reply";
import { apiCall, startStaffServer } from "../support/auth";
import { dbKinds } from "../support/db";
import { leadForm, newIp } from "../support/lead-forms";
import type { TestServer } from "../support/server";
import { mailPart, startTestSmtp, type TestSmtp } from "../support/smtp";

/**
 * The auto-reply over real HTTP on both databases: staff edit a form's template through the
 * forms admin API (an unknown placeholder is a 400 naming the field), the preview renders a
 * template as typed with sample data, and a visitor's post to /contact answers with the
 * reference the row holds and the auto-reply quotes.
 */
describe.each(dbKinds())("the auto-reply in the admin API and on /contact on %s", (kind) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let adminCookie: string;
  let faId: string;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ({ server, adminCookie } = await startStaffServer(kind, {
      SMTP_URL: smtp.url,
      CONTACT_MIN_SUBMIT_SECONDS: "3",
      CONTACT_RATE_LIMIT: "50",
    }));
    const list = await (await apiCall(server, "GET", "/api/admin/forms", adminCookie)).json();
    faId = list.forms.find((f: { systemKey: string | null }) => f.systemKey === "free-analysis").id;
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const call = (method: string, path: string, body?: unknown) =>
    apiCall(server, method, `/api/admin/forms${path}`, adminCookie, body);

  it("has the Free Analysis auto-reply on by default and refuses an unknown placeholder with field errors", async () => {
    const { form } = await (await call("GET", `/${faId}`)).json();
    expect(form.autoReply).toMatchObject({ enabled: true, subject: expect.stringContaining("{{reference}}") });

    const bad = {
      ...form,
      autoReply: { enabled: true, subject: "Hello {{nmae}}", body: "Dear {{name}}, {{unknown}} and {{ unknown }}." },
    };
    const res = await call("PUT", `/${faId}`, bad);
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.code).toBe("validation");
    expect(error.fields["autoReply.subject"]).toContain("{{nmae}}");
    expect(error.fields["autoReply.body"]).toBe(
      "Unknown placeholder {{unknown}}. Use one of the listed placeholders, e.g. {{name}} or {{reference}}.",
    );
    // Nothing was saved.
    expect((await (await call("GET", `/${faId}`)).json()).form.autoReply.subject).toBe(form.autoReply.subject);

    const good = { ...form, autoReply: { enabled: true, subject: "Got it, {{firstName}}", body: form.autoReply.body } };
    expect((await call("PUT", `/${faId}`, good)).status).toBe(200);
    expect((await (await call("GET", `/${faId}`)).json()).form.autoReply.subject).toBe("Got it, {{firstName}}");
  });

  it("previews a template with sample data, escaped in the HTML part", async () => {
    const res = await call("POST", "/auto-reply-preview", {
      formId: faId,
      subject: "Your request {{reference}}",
      body: "Hi **{{name}}** of {{business}}. {{owner}} calls from {{phone}}, {{hours}}.\n\n{{statement}}",
    });
    expect(res.status).toBe(200);
    const preview = await res.json();
    expect(preview.subject).toBe("Your request MER-7K3QX");
    expect(preview.text).toContain("Hi Dana Whitfield of Desert Bloom Café. Mark Ellison calls from (800) 431-9848");
    expect(preview.text).toContain("Monday to Friday, 8 a.m. to 5 p.m., Arizona time");
    expect(preview.text).toContain("We received your statement");
    expect(preview.html).toContain("<strong>Dana Whitfield</strong>");
    expect(preview.html).toContain("<p>We received your statement");

    const unknown = await call("POST", "/auto-reply-preview", { subject: "Hi", body: "Hello {{unknown}}" });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.fields.body).toContain("{{unknown}}");
    const empty = await call("POST", "/auto-reply-preview", { subject: " ", body: "x" });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.fields.subject).toBe("Enter the subject.");
  });

  it("answers a /contact post with the row's reference, which the auto-reply quotes", async () => {
    const email = `visitor-${kind}@example.com`;
    const res = await fetch(`${server.url}/contact`, {
      method: "POST",
      body: leadForm({ email, name: "Vera Visitor" }),
      headers: { "x-forwarded-for": newIp() },
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    const shown = /Your reference:.*?(MER-[A-Z0-9]{5})/s.exec(html)?.[1];
    expect(shown).toMatch(REFERENCE_PATTERN);
    const row = await server.database.db
      .selectFrom("submissions")
      .select(["reference"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(row.reference).toBe(shown);
    const mail = await smtp.waitFor(email);
    expect(mail.text).toContain(`Subject: Got it, Vera`);
    expect(mailPart(mail, "text/plain")).toContain(`Your reference is ${shown}`);
  });
});
