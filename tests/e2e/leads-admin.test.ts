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
  waitForScripts,
} from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";
import { fillFreeAnalysis } from "../support/free-analysis-page";

/**
 * A lead from the website to the staff's pipeline, in Chromium: a visitor sends Free
 * Analysis with a statement; staff see it on the dashboard and in contacts, open it,
 * download the statement, add a note, move it to "contacted", assign an owner and export
 * the CSV. axe-core checks the dashboard, the list and the contact at 1280 and 390 px.
 * Set E2E_SCREENSHOTS=<folder> to keep a PNG of each screen at both widths.
 */
const SERVER = { timeout: 15_000 };
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

describe("leads in the admin, in Chromium", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let contactUrl = "";

  async function checkScreen(label: string) {
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
    [server, browser] = await Promise.all([
      startTestServer({ env: { CONTACT_MIN_SUBMIT_SECONDS: "0", CONTACT_RATE_LIMIT: "100" } }),
      sharedBrowser(),
    ]);
    await createStaff(server, "owner@meritum.test", "admin");
    await createStaff(server, "sam@meritum.test", "editor");
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  it("takes a Free Analysis request with a statement from a visitor", async () => {
    const visitor = await newPage(browser);
    const v = visitor.page;
    await v.goto(`${server.url}/contact`, { waitUntil: "networkidle" });
    await waitForScripts(v);
    await fillFreeAnalysis(v, {
      name: "Zoë Ruiz",
      business: "Ruiz Auto Care",
      email: "zoe@ruizauto.example",
      phone: "(480) 555-0123",
    });
    await v.getByLabel(/Recent processing statement/).setInputFiles({
      name: "march-statement.pdf",
      mimeType: "application/pdf",
      buffer: PDF,
    });
    await v.getByLabel(/I agree to be contacted/).check();
    await v.getByRole("button", { name: "Get my free analysis" }).click();
    await v.getByRole("heading", { name: /Your request is in/ }).waitFor(SERVER);
    await v.context().close();
  });

  it("shows the lead on the dashboard, with its chart", async () => {
    ({ page } = await newPage(browser));
    page.setDefaultTimeout(SERVER.timeout);
    await page.goto(`${server.url}/login`);
    await waitForScripts(page);
    await page.getByLabel("E-mail").fill("owner@meritum.test");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${server.url}/admin`);
    await waitForScripts(page);
    const today = page.getByRole("link", { name: /New leads today/ });
    await expect.poll(() => today.textContent(), SERVER).toContain("1");
    const newest = page.getByRole("region", { name: "Newest leads" });
    await newest.getByRole("link", { name: "Zoë Ruiz" }).waitFor();
    expect(await newest.textContent()).toContain("New");
    await page.locator(".uplot canvas").first().waitFor();
    await checkScreen("dashboard");
  });

  it("lists the lead in contacts and opens it", async () => {
    await page.getByRole("navigation", { name: "Quick actions" }).getByRole("link", { name: "View leads" }).click();
    await page.waitForURL(/\/admin\/contacts$/);
    await page.getByRole("searchbox", { name: "Search" }).fill("ruiz auto");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/q=ruiz\+auto/);
    const row = page.getByRole("row").filter({ hasText: "zoe@ruizauto.example" });
    await row.waitFor();
    expect(await row.textContent()).toContain("Contact form");
    await checkScreen("contacts");
    await row.getByRole("link", { name: "Zoë Ruiz" }).click();
    await page.getByRole("heading", { level: 1, name: "Zoë Ruiz" }).waitFor();
    contactUrl = page.url();
  });

  it("downloads the statement, adds a note, moves it to contacted and assigns an owner", async () => {
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: /Download march-statement\.pdf \(PDF/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("march-statement.pdf");
    expect(fs.readFileSync((await download.path())!).equals(PDF)).toBe(true);

    await page.getByLabel("Add a note").fill("Called Zoë; statement looks like tiered pricing.");
    await page.getByRole("button", { name: "Add note" }).click();
    const timeline = page.getByRole("region", { name: "Timeline" });
    await timeline.getByText("Called Zoë; statement looks like tiered pricing.").waitFor();
    expect(await timeline.textContent()).toContain("Note by owner");

    await page.getByLabel("Status", { exact: true }).selectOption("contacted");
    await page.getByRole("button", { name: "Save status" }).click();
    await timeline.getByText("Status changed to Contacted by owner").waitFor();
    const toast = page
      .getByRole("region", { name: /Notifications/ })
      .locator("li")
      .first();
    await expect.poll(() => toast.textContent(), SERVER).toContain("Status changed to Contacted.");

    await page.getByLabel("Owner", { exact: true }).selectOption({ label: "sam" });
    await page.getByRole("button", { name: "Assign owner" }).click();
    await page.getByText("Owner: sam").waitFor();
    await timeline.getByText("Assigned to sam by owner").waitFor();
    await checkScreen("contact");
  });

  it("exports the contacts as CSV", async () => {
    await page.goto(`${server.url}/admin/contacts?status=contacted`);
    await waitForScripts(page);
    await page.getByRole("row").filter({ hasText: "zoe@ruizauto.example" }).waitFor();
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = fs.readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Zoë Ruiz");
    expect(lines[1]).toContain("Contacted");
    expect(lines[1]).toContain("sam");
    expect(contactUrl).toMatch(/\/admin\/contacts\/[0-9a-f-]{36}$/);
  });
});
