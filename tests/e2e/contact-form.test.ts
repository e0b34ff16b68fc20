import { describe, expect, it } from "vitest";
import { axeViolations, formatViolations, waitForScripts } from "../support/browser";
import { answerOf, usePublicForms } from "../support/public-forms";

/** The Free Analysis form on /contact: the page, the post without JavaScript, pre-fill, token and first touch. */
describe("the Free Analysis form in Chromium", () => {
  const { url, db, submissionOf, focused, start, open, submitDocument, typeInto, fillRequired } = usePublicForms();

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
    await expect.poll(() => page.locator("#lead-email:focus").count()).toBe(1);
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
    expect(await focused(page)).toBe("Thank you, Lee. Your request is in.");
    expect(await page.getByRole("status").textContent()).toContain("(800) 431-9848");
    // Without a script there is no proof of work (decision 0051): the request is kept whole (as
    // checked, like any lead), held in the spam tab for staff to review.
    const lee = await submissionOf("lee.park@parkdental.example");
    expect(lee).toMatchObject({ business_name: "Park Family Dental", spam_reason: "no-proof", contact_id: null });
    expect(Boolean(lee!.spam)).toBe(true);
    expect(answerOf(lee, "monthlyVolume")).toBe("$100,000 – $250,000");
    await page.context().close();
  });

  it("solves the proof of work in a worker once the visitor moves into the form: the request is a normal lead", async () => {
    const { page, problems } = await start();
    const challenges: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/form-proof") challenges.push(r.url());
    });
    const workers: string[] = [];
    page.on("worker", (w) => workers.push(w.url()));
    await open(page);
    // Nothing is fetched or started while the page loads.
    expect(challenges).toEqual([]);
    expect(workers).toEqual([]);
    await fillRequired(page, "maria@lopezbakery.example");
    // Moving into the form fetched one challenge and started the worker that solves it.
    await expect.poll(() => workers.some((w) => /\/assets\/form-proof-worker-[\w-]+\.js$/.test(w))).toBe(true);
    expect(challenges).toHaveLength(1);
    await page.getByRole("button", { name: "Get my free analysis" }).click();
    await expect.poll(() => page.getByRole("heading", { name: /Your request is in/ }).isVisible()).toBe(true);
    const maria = await submissionOf("maria@lopezbakery.example");
    expect(maria).toMatchObject({ spam_reason: null, source: "contact" });
    expect(Boolean(maria!.spam)).toBe(false);
    expect(maria!.contact_id).not.toBeNull();
    expect(problems.errors).toEqual([]);
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
    expect(submission).toMatchObject({ source: "calculator" });
    expect(answerOf(submission, "monthlyVolume")).toBe("$10,000 – $50,000");
    expect(answerOf(submission, "averageTicket")).toBe(52.5);
    expect([
      answerOf(submission, "calcVolume"),
      answerOf(submission, "calcTransactions"),
      answerOf(submission, "calcFees"),
    ]).toEqual([42000, 800, 1180]);
    // The contact's lead profile, filled from the answers by the form's mapping.
    const sam = await db()
      .selectFrom("contacts")
      .selectAll()
      .where("email", "=", "sam@ortiztacos.example")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(sam.lead_profile)).toEqual({
      monthlyVolume: "10k-50k",
      averageTicketCents: 5250,
      paymentMethods: ["in-person"],
    });
    expect(problems.errors).toEqual([]);

    await open(page, "/contact?topic=call");
    expect(await page.getByLabel(/Anything we should know/).inputValue()).toMatch(/^Please call me/);
    await page.context().close();
  });

  it("swaps a cached page's form token for one issued now, on /contact and on a staff form's page", async () => {
    const issuedAt = (token: string) => Number(token.split(".")[0]);
    for (const path of ["/contact", "/forms/callback"]) {
      // The page cache holds the page with the token it was rendered with.
      const cached = await (await fetch(`${url()}${path}`)).text();
      const rendered = /name="formToken" value="([^"]+)"/.exec(cached)![1]!;
      await new Promise((r) => setTimeout(r, 50));
      const { page, problems } = await start();
      const response = await page.goto(`${url()}${path}`, { waitUntil: "networkidle" });
      expect(response!.headers()["x-page-cache"]).toBe("hit");
      expect(await response!.text()).toContain(rendered);
      await waitForScripts(page);
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
    await page.goto(`${url()}${landing}`, { referer: "https://news.example/issue-4", waitUntil: "networkidle" });
    await waitForScripts(page);
    await open(page, "/forms/callback");
    // The first touch is read from sessionStorage when the visitor moves into the form, not
    // while the page loads (decision 0039).
    expect(await page.locator('input[name="_landing"]').count()).toBe(0);
    await typeInto(page, "Your name", "Rita Moreno");
    expect(await page.locator('input[name="_landing"]').inputValue()).toBe(landing);
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
