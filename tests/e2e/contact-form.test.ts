import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createForm } from "@server/forms/definitions";
import { axeViolations, formatViolations, launchBrowser, newPage, waitForHydration } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";

/** A small but real one-page PDF. */
function samplePdf(): Buffer {
  return Buffer.from(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
      "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  );
}

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

describe("the Free Analysis form in Chromium", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({
        env: { CONTACT_MIN_SUBMIT_SECONDS: "0", CONTACT_RATE_LIMIT: "100", STAFF_NOTIFY_EMAIL: "leads@meritum.test" },
      }),
      launchBrowser(),
    ]);
    await createForm(db(), { id: "e2e", email: "e2e@meritum.test" }, CALLBACK_FORM);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const db = () => server.database.db;
  const submissionOf = (email: string) =>
    db().selectFrom("lead_submissions").selectAll().where("email", "=", email).executeTakeFirst();

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
    if (options.scripts) await waitForHydration(page);
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

  it("shows the heading, the contact details and no accessibility violations", async () => {
    const { page, problems } = await start();
    await open(page);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "Get your free statement analysis",
    );
    const details = await page.getByRole("complementary").textContent();
    expect(details).toContain("(800) 431-9848");
    expect(details).toContain("hello@meritumpayments.com");
    expect(details).toContain("Monday to Friday");
    expect(details).toContain("Gilbert, Arizona");
    // The honeypot is neither visible nor announced.
    expect(await page.locator('input[name="referral_code"]').count()).toBe(1);
    expect(await page.getByRole("textbox", { name: /referral/i }).count()).toBe(0);
    const box = await page.locator('input[name="referral_code"]').boundingBox();
    expect(box!.x + box!.width).toBeLessThan(0);
    const violations = await axeViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("with JavaScript: typed details and a PDF are sent without a reload, with a toast and a confirmation", async () => {
    const { page, problems } = await start();
    await open(page);
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await fillRequired(page, "dana.js@ruizauto.example");
    await typeInto(page, /Website/, "ruizauto.example");
    await typeInto(page, /Average sale/, "52.50");
    await typeInto(page, /Current processor/, "Heartland");
    await page.getByLabel(/^Online \(website or invoices\)/).check();
    await typeInto(page, /Anything we should know/, "Fees went up twice this year.");
    await page
      .getByLabel(/Recent processing statement/)
      .setInputFiles({ name: "march-statement.pdf", mimeType: "application/pdf", buffer: samplePdf() });

    // Hold the post in flight to see the pending state.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/contact\.data/, async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Get my free analysis" }).click();
    const pendingButton = page.getByRole("button", { name: "Sending your request…" });
    await expect.poll(() => pendingButton.isVisible()).toBe(true);
    expect(await pendingButton.isDisabled()).toBe(true);
    release();
    await expect.poll(() => page.getByRole("heading", { name: /Your request is in/ }).isVisible()).toBe(true);
    await expect.poll(() => page.locator("[data-variant]").filter({ hasText: "Request sent" }).isVisible()).toBe(true);
    expect(await page.getByRole("status").filter({ hasText: "Your request is in" }).textContent()).toContain(
      "within one business day",
    );
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);

    const submission = await submissionOf("dana.js@ruizauto.example");
    expect(submission).toMatchObject({
      business_name: "Ruiz Auto Care",
      monthly_volume: "10k-50k",
      average_ticket_cents: 5250,
      source: "contact",
    });
    expect(JSON.parse(submission!.payment_methods)).toEqual(["in-person", "online", "mobile"]);
    const statement = await db()
      .selectFrom("lead_statements")
      .selectAll()
      .where("submission_id", "=", submission!.id)
      .executeTakeFirst();
    expect(statement).toMatchObject({ original_filename: "march-statement.pdf", detected_type: "pdf" });
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("with JavaScript: shows each error next to its field, focuses the first, keeps the values, and passes axe", async () => {
    const { page, problems } = await start();
    await open(page);
    await typeInto(page, "Business name", "Ruiz Auto Care");
    await typeInto(page, "E-mail", "dana@");
    await page.getByRole("button", { name: "Get my free analysis" }).click();

    const name = page.getByLabel(/^Your name/);
    await expect.poll(() => name.getAttribute("aria-invalid")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("lead-name");
    expect(await name.getAttribute("aria-describedby")).toBe("lead-name-error");
    expect(await page.locator("#lead-name-error").textContent()).toBe("Please enter your name.");
    expect(await page.locator("#lead-email-error").textContent()).toContain("Please enter a valid e-mail address");
    expect(await page.locator("#lead-paymentMethods-error").textContent()).toBe(
      "Please choose at least one way you take payments.",
    );
    expect(await page.locator("#lead-consent-error").textContent()).toContain("Please agree to be contacted");
    expect(await page.getByLabel(/^Business name/).inputValue()).toBe("Ruiz Auto Care");
    expect(await page.getByRole("alert").textContent()).toContain("Please correct the highlighted fields");

    const violations = await axeViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    // Fixing the first field moves focus to the next one still wrong.
    await typeInto(page, "Your name", "Dana Ruiz");
    await page.getByRole("button", { name: "Get my free analysis" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("lead-email");
    expect(await page.getByLabel(/^Your name/).getAttribute("aria-invalid")).toBeNull();

    // A renamed executable is caught by its content, before anything is sent.
    await page.getByLabel(/^E-mail/).fill("dana.exe@ruizauto.example");
    await typeInto(page, "Phone", "480 555 0123");
    await page.getByLabel(/^Monthly card volume/).selectOption("under-10k");
    await page.getByLabel(/^Online \(website or invoices\)/).check();
    await page.getByLabel(/I agree to be contacted/).check();
    await page.getByLabel(/Recent processing statement/).setInputFiles({
      name: "statement.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("MZ\x90\x00 this is not a pdf"),
    });
    await page.getByRole("button", { name: "Get my free analysis" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("lead-statement");
    expect(await page.locator("#lead-statement-error").textContent()).toContain("PDF, PNG or JPEG");
    expect(await submissionOf("dana.exe@ruizauto.example")).toBeUndefined();
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("loads its checks on demand, and when they cannot load (a deploy replaced them) the server's check answers", async () => {
    const { page } = await start();
    const requested: string[] = [];
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
    await page.route(/\/assets\/form-checks-[^/]+\.js$/, (route) => route.abort());
    await open(page);
    // Not on the page's first load: the schema library comes with the checks.
    expect(requested.filter((p) => p.startsWith("/assets/form-checks-"))).toEqual([]);

    await typeInto(page, "Business name", "Ruiz Auto Care");
    await expect.poll(() => requested.some((p) => p.startsWith("/assets/form-checks-"))).toBe(true);
    const posted = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/contact"),
    );
    await page.getByRole("button", { name: "Get my free analysis" }).click();
    expect((await posted).status()).toBe(400);
    const name = page.getByLabel(/^Your name/);
    await expect.poll(() => name.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator("#lead-name-error").textContent()).toBe("Please enter your name.");
    expect(await page.getByLabel(/^Business name/).inputValue()).toBe("Ruiz Auto Care");
    await page.context().close();
  });

  it("without JavaScript: the plain form post shows errors with the values kept, then the confirmation", async () => {
    const { page } = await start({ javaScriptEnabled: false });
    await open(page, "/contact", { scripts: false });
    await page.getByLabel(/^Your name/).fill("Lee Park");
    await page.getByLabel(/^Business name/).fill("Park Family Dental");
    await page.getByLabel(/^E-mail/).fill("lee.park@");
    await page.getByLabel(/^Phone/).fill("602-555-0147");
    await page.getByLabel(/^Monthly card volume/).selectOption("100k-250k");
    await page.getByLabel(/^In person \(card terminal or POS\)/).check();
    await page.getByLabel(/Anything we should know/).fill("We take payments at two front desks.");
    await page.getByLabel(/I agree to be contacted/).check();

    const first = await submitDocument(page);
    expect(first.status()).toBe(400);
    // The browser focuses the first field in error (autofocus), as no script can.
    expect(await page.locator("#lead-email:focus").count()).toBe(1);
    expect(await page.locator("#lead-email-error").textContent()).toContain("Please enter a valid e-mail address");
    expect(await page.getByLabel(/^E-mail/).getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel(/^Your name/).inputValue()).toBe("Lee Park");
    expect(await page.getByLabel(/^Business name/).inputValue()).toBe("Park Family Dental");
    expect(await page.getByLabel(/^Monthly card volume/).inputValue()).toBe("100k-250k");
    expect(await page.getByLabel(/^In person \(card terminal or POS\)/).isChecked()).toBe(true);
    expect(await page.getByLabel(/Anything we should know/).inputValue()).toBe("We take payments at two front desks.");
    expect(await page.getByLabel(/I agree to be contacted/).isChecked()).toBe(true);
    expect(await page.getByRole("alert").textContent()).toContain("Please correct the highlighted fields");

    await page.getByLabel(/^E-mail/).fill("lee.park@parkdental.example");
    const second = await submitDocument(page);
    expect(second.status()).toBe(200);
    expect(await page.getByRole("heading", { name: /Thank you, Lee\. Your request is in\./ }).isVisible()).toBe(true);
    expect(await page.getByRole("status").textContent()).toContain("(800) 431-9848");
    expect(await submissionOf("lee.park@parkdental.example")).toMatchObject({
      business_name: "Park Family Dental",
      monthly_volume: "100k-250k",
    });
    await page.context().close();
  });

  it("passes axe on a phone, before and with errors shown", async () => {
    const { page, problems } = await start({ viewport: { width: 390, height: 844 } });
    await open(page);
    let violations = await axeViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await page.getByRole("button", { name: "Get my free analysis" }).click();
    await expect.poll(() => page.getByRole("alert").isVisible()).toBe(true);
    violations = await axeViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("pre-fills the form from the savings calculator and records the source", async () => {
    const { page, problems } = await start();
    await open(page, "/contact?from=calculator&volume=42000&transactions=800&fees=1180");
    expect(await page.getByLabel(/^Monthly card volume/).inputValue()).toBe("10k-50k");
    expect(await page.getByLabel(/Average sale/).inputValue()).toBe("52.50");
    expect(await page.getByLabel(/Anything we should know/).inputValue()).toContain(
      "From the savings calculator: $42,000 monthly card volume, 800 transactions a month, $1,180 in monthly processing fees.",
    );
    await typeInto(page, "Your name", "Sam Ortiz");
    await typeInto(page, "Business name", "Ortiz Tacos");
    await typeInto(page, "E-mail", "sam@ortiztacos.example");
    await typeInto(page, "Phone", "480-555-0188");
    await page.getByLabel(/^In person \(card terminal or POS\)/).check();
    await page.getByLabel(/I agree to be contacted/).check();
    await page.getByRole("button", { name: "Get my free analysis" }).click();
    await expect.poll(() => page.getByRole("heading", { name: /Your request is in/ }).isVisible()).toBe(true);
    const submission = await submissionOf("sam@ortiztacos.example");
    expect(submission).toMatchObject({ source: "calculator", monthly_volume: "10k-50k", average_ticket_cents: 5250 });
    expect(JSON.parse(submission!.calculator_inputs!)).toEqual({ volume: 42000, transactions: 800, fees: 1180 });
    expect(problems.errors).toEqual([]);

    await open(page, "/contact?topic=call");
    expect(await page.getByLabel(/Anything we should know/).inputValue()).toMatch(/^Please call me/);
    await page.context().close();
  });

  it("swaps a cached page's form token for one issued now, on /contact and on a staff form's page", async () => {
    const issuedAt = (token: string) => Number(token.split(".")[0]);
    for (const path of ["/contact", "/forms/callback"]) {
      // The page cache holds the page with the token it was rendered with.
      const cached = await (await fetch(`${server.url}${path}`)).text();
      const rendered = /name="formToken" value="([^"]+)"/.exec(cached)![1]!;
      await new Promise((r) => setTimeout(r, 50));
      const { page, problems } = await start();
      const response = await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
      expect(response!.headers()["x-page-cache"]).toBe("hit");
      expect(await response!.text()).toContain(rendered);
      await waitForHydration(page);
      const token = page.locator('input[name="formToken"]');
      await expect.poll(() => token.inputValue()).not.toBe(rendered);
      expect(issuedAt(await token.inputValue())).toBeGreaterThan(issuedAt(rendered));
      expect(problems.errors).toEqual([]);
      await page.context().close();
    }
  });

  it("records where the visit began and sends it with a form on a later page", async () => {
    const { page, problems } = await start();
    const landing = "/services?utm_source=newsletter&utm_medium=email&utm_campaign=spring";
    await page.goto(`${server.url}${landing}`, { referer: "https://news.example/issue-4", waitUntil: "networkidle" });
    await waitForHydration(page);
    await open(page, "/forms/callback");
    expect(await page.locator('input[name="_landing"]').inputValue()).toBe(landing);
    await typeInto(page, "Your name", "Rita Moreno");
    await typeInto(page, "E-mail", "rita@moreno.example");
    await page.getByRole("button", { name: "Send" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Thank you, Rita." }).isVisible()).toBe(true);
    expect(await submissionOf("rita@moreno.example")).toMatchObject({
      landing_page: landing,
      referrer: "https://news.example/issue-4",
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "spring",
    });
    const contact = await db()
      .selectFrom("contacts")
      .selectAll()
      .where("email", "=", "rita@moreno.example")
      .executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ first_landing_page: landing, first_referrer: "https://news.example/issue-4" });
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });
});
