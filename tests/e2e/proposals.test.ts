import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff, PASSWORD } from "../support/auth";
import {
  axeViolations,
  formatViolations,
  releaseBrowser,
  sharedBrowser,
  newPage,
  signInAs,
  waitForScripts,
} from "../support/browser";
import { storeFreeAnalysis } from "../support/lead-forms";
import { startTestServer, type TestServer } from "../support/server";
import { startTestSmtp, type TestSmtp } from "../support/smtp";

/**
 * From statement to proposal in Chromium (issue 22): staff open a contact with a statement,
 * see the PDF beside the worksheet, enter the figures and send; the e-mail (a real SMTP
 * server) links to the proposal; an anonymous visitor opens and accepts it; staff see
 * "viewed" and "accepted" on the timeline. axe-core on the worksheet, the pricing screen and
 * the proposal at 1280 and 390 px; the proposal prints on one page.
 * Set E2E_SCREENSHOTS=<folder> to keep a PNG of each screen at both widths (and the print).
 */
const SERVER = { timeout: 15_000 };

/** A one-page PDF with a line of text, so the browser's viewer has something to draw. */
function statementPdf(): Buffer {
  const stream = "BT /F1 18 Tf 72 720 Td (Desert Bloom Cafe - October 2026 statement) Tj ET";
  const objects = [
    "<</Type/Catalog/Pages 2 0 R>>",
    "<</Type/Pages/Kids[3 0 R]/Count 1>>",
    "<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>",
    `<</Length ${stream.length}>>stream\n${stream}\nendstream`,
    "<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj${o}endobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

describe("statement to proposal, in Chromium", () => {
  let server: TestServer;
  let smtp: TestSmtp;
  let browser: Browser;
  let staff: Page;
  let contactId = "";
  let proposalUrl = "";

  async function checkScreen(page: Page, label: string) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const violations = await axeViolations(page);
      expect(violations, `${label} at ${width} px:\n${formatViolations(violations)}`).toEqual([]);
      const dir = process.env.E2E_SCREENSHOTS;
      if (dir) {
        fs.mkdirSync(dir, { recursive: true });
        await page.screenshot({ path: path.join(dir, `${label}-${width}.png`), fullPage: true });
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  beforeAll(async () => {
    smtp = await startTestSmtp();
    [server, browser] = await Promise.all([
      startTestServer({ env: { SMTP_URL: smtp.url, STAFF_NOTIFY_EMAIL: "sales@meritum.test" } }),
      sharedBrowser(),
    ]);
    await createStaff(server, "owner@meritum.test", "admin");
    await createStaff(server, "sam@meritum.test", "editor");
    const stored = await storeFreeAnalysis(
      server.database.db,
      {
        name: "Rosa Delgado",
        businessName: "Desert Bloom Cafe",
        email: "rosa@desertbloom.example",
        phone: "(480) 555-0199",
        monthlyVolume: "10k-50k",
        paymentMethods: ["in-person"],
      },
      { filename: "october-statement.pdf", bytes: statementPdf() },
    );
    contactId = stored.contactId!;
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
    await smtp?.close();
  });

  it("shows the admin the pricing screen", async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(SERVER.timeout);
    await signInAs(page, server.url, "owner@meritum.test", PASSWORD);
    await page.goto(`${server.url}/admin/pricing`);
    await waitForScripts(page);
    await page.getByRole("heading", { level: 1, name: "Pricing" }).waitFor();
    expect(await page.getByLabel("Markup over pass-through, of volume (percent)").inputValue()).toBe("0.25");
    await checkScreen(page, "pricing");
    await page.context().close();
  });

  it("opens the contact's worksheet with the statement's PDF beside it", async () => {
    ({ page: staff } = await newPage(browser));
    staff.setDefaultTimeout(SERVER.timeout);
    await signInAs(staff, server.url, "sam@meritum.test", PASSWORD);
    await staff.goto(`${server.url}/admin/contacts/${contactId}`);
    await waitForScripts(staff);
    const statement = staff.waitForResponse((r) => /\/proposals\/contact\/[^/]+\/statements\//.test(r.url()));
    await staff.getByRole("link", { name: "Review a statement" }).click();
    await staff.waitForURL(`${server.url}/admin/contacts/${contactId}/review`);
    const frame = staff.locator('iframe[title="Statement: october-statement.pdf"]');
    await frame.waitFor();
    // The frame loads the PDF inline from this origin, which its CSP allows to frame it; the
    // browser's own viewer draws it (see the worksheet screenshots).
    const response = await statement;
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect(response.headers()["content-disposition"]).toMatch(/^inline;/);
    expect(response.frame().parentFrame()).toBe(staff.mainFrame());
    const box = (await frame.boundingBox())!;
    const form = (await staff.getByRole("region", { name: "Statement figures" }).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(form.x); // beside, not above, at 1280 px
  });

  it("computes the figures live, says plainly when there is no saving, and sends the proposal", async () => {
    await staff.getByLabel("Statement month").fill("2026-10");
    await staff.getByLabel(/^Card volume/).fill("20,000.00");
    await staff.getByLabel(/^Transactions/).fill("500");
    await staff.getByLabel(/^Total fees/).fill("300.00");
    const results = staff.getByRole("region", { name: "Results" });
    await results.getByText("This merchant would not save with Meritum.").waitFor();
    await staff.getByLabel(/^Total fees/).fill("570.00");
    await results.getByText("Saves $80.00 a month, $960.00 a year").waitFor();
    expect(await results.textContent()).toContain("Pass-through (estimate)");
    await checkScreen(staff, "worksheet");

    await staff.getByLabel(/^Note to the merchant/).fill("Thanks for your time on the phone, Rosa.");
    await staff.getByRole("button", { name: "Send proposal" }).click();
    await staff.getByText("Proposal sent to rosa@desertbloom.example.").waitFor();
    const mail = await smtp.waitFor("rosa@desertbloom.example", { match: (m) => m.text.includes("/proposals/") });
    expect(mail.text).toContain("save an estimated $80.00 a month");
    const link = /https?:\/\/[^\s"<>]+\/proposals\/[A-Za-z0-9_-]{43}/.exec(mail.text)![0];
    proposalUrl = `${server.url}${new URL(link).pathname}`;
    expect(await staff.getByRole("link", { name: new RegExp(new URL(link).pathname) }).count()).toBe(1);
  });

  it("lets an anonymous visitor open the proposal, print it on one page, and accept it", async () => {
    // A person's browser: a headless one says "HeadlessChrome", which the view count takes for a bot.
    const { page, problems } = await newPage(browser, {
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36",
    });
    page.setDefaultTimeout(SERVER.timeout);
    await page.goto(proposalUrl);
    await page.getByRole("heading", { level: 1, name: "Desert Bloom Cafe: save $80.00 a month" }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
    await checkScreen(page, "proposal");

    await page.emulateMedia({ media: "print" });
    const dir = process.env.E2E_SCREENSHOTS;
    if (dir) await page.screenshot({ path: path.join(dir, "proposal-print.png"), fullPage: true });
    expect(await page.locator("header").first().isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "I'd like to switch" }).isVisible()).toBe(false);
    // What "Save as PDF" makes of it: one Letter page.
    const pdf = await page.pdf({ format: "Letter", printBackground: true });
    expect(pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
    await page.emulateMedia({ media: "screen" });

    const since = smtp.mails.length;
    await page.getByRole("button", { name: "I'd like to switch" }).click();
    await page.getByRole("heading", { name: "Thank you!" }).waitFor();
    await checkScreen(page, "proposal-accepted");
    await expect
      .poll(() => smtp.mails.slice(since).some((m) => m.to.includes("sales@meritum.test")), SERVER)
      .toBe(true);
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("shows staff that the merchant viewed and accepted it", async () => {
    await staff.goto(`${server.url}/admin/contacts/${contactId}`);
    await waitForScripts(staff);
    const timeline = staff.getByRole("region", { name: "Timeline" });
    await timeline.getByText("Proposal viewed by the merchant (1 view)").waitFor();
    await timeline.getByText("Proposal accepted: the merchant would like to switch").waitFor();
    await timeline.getByText("Proposal sent to rosa@desertbloom.example by sam").waitFor();
    const card = staff.getByRole("region", { name: "Statement review" });
    expect(await card.textContent()).toContain("Accepted");
    await checkScreen(staff, "contact-with-proposal");
    await staff.goto(`${server.url}/admin/contacts?proposal=accepted`);
    await staff.getByRole("row").filter({ hasText: "rosa@desertbloom.example" }).waitFor();
    await staff.goto(`${server.url}/admin`);
    const tile = staff.getByRole("region", { name: "Proposals" });
    await expect.poll(() => tile.textContent(), SERVER).toMatch(/Sent1Viewed1Accepted1/);
  });

  it("asks before sending a proposal without a saving, which replaces the last one", async () => {
    await staff.goto(`${server.url}/admin/contacts/${contactId}/review`);
    await waitForScripts(staff);
    expect(await staff.getByLabel(/^Total fees/).inputValue()).toBe("570.00"); // the saved review
    await staff.getByLabel(/^Total fees/).fill("300.00");
    await staff.getByText("This merchant would not save with Meritum.").waitFor();
    await staff.getByRole("button", { name: "Send proposal" }).click();
    const dialog = staff.getByRole("alertdialog", { name: "Send a proposal that shows no saving?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Send anyway" }).click();
    await staff.getByText("Proposal sent to rosa@desertbloom.example.").waitFor();
    const { page } = await newPage(browser);
    await page.goto(proposalUrl);
    await page.getByRole("heading", { level: 1, name: "A newer proposal replaced this one" }).waitFor();
    expect(await page.content()).not.toContain("$960.00");
    await page.context().close();
  });
});
