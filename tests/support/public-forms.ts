import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { createForm } from "@server/forms/definitions";
import { newPage, releaseBrowser, sharedBrowser, waitForScripts } from "./browser";
import { startTestServer, type TestServer } from "./server";
import { startTestSmtp, type TestSmtp } from "./smtp";

export { answerOf, samplePdf } from "./lead-forms";

/** A staff-built form, public at /forms/callback. */
const CALLBACK_FORM = {
  name: "Request a callback",
  slug: "callback",
  fields: [
    { key: "fullName", type: "text", label: "Your name", required: true, contact: "name" },
    { key: "email", type: "email", label: "E-mail", required: true },
  ],
  recipients: [],
  successMessage: "Thanks, we'll call you back today.",
};

/**
 * The public forms in Chromium (tests/e2e/contact-form*.test.ts): a server with a staff form at
 * /forms/callback and a mail server for the staff e-mails, a browser, and what a visitor does.
 * Call it inside `describe`: it starts them before the tests and stops them after.
 */
export function usePublicForms() {
  let server: TestServer;
  let browser: Browser;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    [server, browser] = await Promise.all([
      startTestServer({
        env: {
          CONTACT_MIN_SUBMIT_SECONDS: "0",
          CONTACT_RATE_LIMIT: "100",
          STAFF_NOTIFY_EMAIL: "leads@meritum.test",
          SMTP_URL: smtp.url,
        },
      }),
      sharedBrowser(),
    ]);
    await createForm(db(), { id: "e2e", email: "e2e@meritum.test" }, CALLBACK_FORM, { mayChangeRecipients: true });
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
    await smtp?.close();
  });

  const db = () => server.database.db;
  const submissionOf = (email: string) =>
    db().selectFrom("submissions").selectAll().where("email", "=", email).executeTakeFirst();
  /** The stored file of a submission's file field (the statement by default). */
  const fileOf = (submissionId: string, fieldKey = "statement") =>
    db()
      .selectFrom("submission_files")
      .innerJoin("stored_files", "stored_files.id", "submission_files.file_id")
      .select(["stored_files.id", "stored_files.filename", "stored_files.mime_type", "stored_files.size_bytes"])
      .where("submission_files.submission_id", "=", submissionId)
      .where("submission_files.field_key", "=", fieldKey)
      .executeTakeFirst();
  /** The staff e-mail about the request from `email` (it names the sender in Reply-To). */
  const staffMailAbout = (email: string) =>
    smtp.mails.find((m) => m.to.includes("leads@meritum.test") && m.text.toLowerCase().includes(email));
  /** A mail to `email` (the visitor's auto-reply), once it has arrived. */
  const mailTo = (email: string) => smtp.waitFor(email);

  /** Counts the posts of /contact the page sends (a check that fails in the browser sends none). */
  function countPosts(page: Page, path = "/contact") {
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === path) posts.push(r.url());
    });
    return posts;
  }

  /** The element that has the focus: its id, or its text when it has none. */
  const focused = (page: Page) =>
    page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent?.trim());

  /**
   * A page whose `problems.errors` leaves out 404s of the icon files (the favicon set ships
   * with the site-pages work, not this form); any other missing resource still counts.
   */
  async function start(options: Parameters<typeof newPage>[1] = {}) {
    const { page, problems } = await newPage(browser, options);
    page.setDefaultTimeout(10_000);
    const missing: string[] = [];
    page.on("response", (res) => {
      if (res.status() === 404 && res.request().resourceType() !== "document")
        missing.push(new URL(res.url()).pathname);
    });
    const errors = () => {
      const iconsOnly = missing.every((p) =>
        /^\/(favicon\.(ico|svg)|apple-touch-icon\.png|site\.webmanifest|og-default\.png)$/.test(p),
      );
      return iconsOnly ? problems.errors.filter((e) => !e.includes("status of 404")) : problems.errors;
    };
    return {
      page,
      problems: {
        get errors() {
          return errors();
        },
      },
    };
  }

  async function open(page: Page, path = "/contact", options: { scripts: boolean } = { scripts: true }) {
    await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
    if (options.scripts) await waitForScripts(page);
  }

  /** Clicks the submit button of a page without JavaScript and waits for the posted page. */
  async function submitDocument(page: Page) {
    const response = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/contact",
    );
    await page.getByRole("button", { name: "Get my free analysis" }).click();
    const res = await response;
    await page.waitForLoadState("load");
    return res;
  }

  async function typeInto(page: Page, label: string | RegExp, text: string) {
    const input = page.getByLabel(typeof label === "string" ? new RegExp(`^${label}`) : label);
    await input.click();
    await input.pressSequentially(text);
  }

  async function fillRequired(page: Page, email: string) {
    await typeInto(page, "Your name", "Dana Ruiz");
    await typeInto(page, "Business name", "Ruiz Auto Care");
    await typeInto(page, "E-mail", email);
    await typeInto(page, "Phone", "(480) 555-0123");
    await page.getByLabel(/^Monthly card volume/).selectOption({ label: "$10,000 – $50,000" });
    await page.getByLabel(/^In person \(card terminal or POS\)/).check();
    await page.getByLabel(/^Mobile \(phone or tablet on the go\)/).check();
    await page.getByLabel(/I agree to be contacted/).check();
  }

  return {
    url: () => server.url,
    server: () => server,
    db,
    submissionOf,
    fileOf,
    staffMailAbout,
    mailTo,
    countPosts,
    focused,
    start,
    open,
    submitDocument,
    typeInto,
    fillRequired,
  };
}
