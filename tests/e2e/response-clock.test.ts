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
import { startTestServer, type TestServer } from "../support/server";
import { fillFreeAnalysis } from "../support/free-analysis-page";

/**
 * The clock on every lead (decision 0048), in Chromium as staff use it: a visitor sends Free
 * Analysis; staff see "waiting" on the new contact in the list (sorted by waiting, from the
 * dashboard), open it, add a note; the waiting goes away and the dashboard's response time
 * moves. axe-core at 1280 and 390 px on the list, the contact and the dashboard.
 * Set E2E_SCREENSHOTS=<folder> to keep a PNG of each screen at both widths.
 */
const SERVER = { timeout: 15_000 };

describe("the first-response clock, in Chromium", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  async function checkScreen(label: string) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const violations = await axeViolations(page);
      expect(violations, `${label} at ${width} px:\n${formatViolations(violations)}`).toEqual([]);
      const dir = process.env.E2E_SCREENSHOTS;
      if (dir) {
        fs.mkdirSync(dir, { recursive: true });
        await page.screenshot({ path: path.join(dir, `clock-${label}-${width}.png`), fullPage: true });
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  const speed = () => page.getByRole("region", { name: "Speed to lead" });

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ env: { CONTACT_MIN_SUBMIT_SECONDS: "0", CONTACT_RATE_LIMIT: "100" } }),
      sharedBrowser(),
    ]);
    await createStaff(server, "owner@meritum.test", "admin");
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  it("takes a Free Analysis request from a visitor", async () => {
    const visitor = await newPage(browser);
    const v = visitor.page;
    await v.goto(`${server.url}/contact`, { waitUntil: "networkidle" });
    await waitForScripts(v);
    await fillFreeAnalysis(v, {
      name: "Nadia Flores",
      business: "Flores Bakery",
      email: "nadia@floresbakery.example",
      phone: "(602) 555-0142",
    });
    await v.getByLabel(/I agree to be contacted/).check();
    await v.getByRole("button", { name: "Get my free analysis" }).click();
    await v.getByRole("heading", { name: /Your request is in/ }).waitFor(SERVER);
    await v.context().close();
  });

  it("shows no response time yet on the dashboard, and the lead waiting in contacts", async () => {
    ({ page } = await newPage(browser));
    page.setDefaultTimeout(SERVER.timeout);
    await signInAs(page, server.url, "owner@meritum.test", PASSWORD);
    await waitForScripts(page);
    await speed().waitFor();
    expect(await speed().textContent()).toContain("No leads answered yet");

    await speed()
      .getByRole("link", { name: /Waiting past the target/ })
      .click();
    await page.waitForURL(/\/admin\/contacts\?sort=waiting$/);
    const row = page.getByRole("row").filter({ hasText: "nadia@floresbakery.example" });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/waiting \d+ min/);
    await checkScreen("contacts");
    await row.getByRole("link", { name: "Nadia Flores" }).click();
    await page.getByRole("heading", { level: 1, name: "Nadia Flores" }).waitFor();
  });

  it("answers the lead with a note: the waiting goes away", async () => {
    const card = page.getByRole("region", { name: "First response" });
    await card.getByText("Nobody has answered yet.", { exact: false }).waitFor();
    expect(await card.textContent()).toMatch(/waiting \d+ min/);
    const timeline = page.getByRole("region", { name: "Timeline" });
    expect(await timeline.textContent()).toContain("Not answered yet");
    await checkScreen("contact-waiting");

    await page.getByLabel("Add a note").fill("Called Nadia; sending the analysis tomorrow.");
    await page.getByRole("button", { name: "Add note" }).click();
    await timeline.getByText("Called Nadia; sending the analysis tomorrow.").waitFor();
    await card.getByText(/Every lead is answered\. The latest: by owner with a note/).waitFor();
    await timeline.getByText(/Answered .* by owner with a note/).waitFor();
    expect(await card.textContent()).not.toContain("waiting");
    await checkScreen("contact-answered");

    await page.getByRole("link", { name: "All contacts" }).click();
    await page.waitForURL(/\/admin\/contacts$/);
    const row = page.getByRole("row").filter({ hasText: "nadia@floresbakery.example" });
    await row.waitFor();
    await expect.poll(() => row.textContent(), SERVER).not.toContain("waiting");
  });

  it("moves the dashboard's response time", async () => {
    await page.getByRole("link", { name: "Dashboard" }).first().click();
    await page.waitForURL(`${server.url}/admin`);
    await expect.poll(() => speed().textContent(), SERVER).toContain("1 lead answered");
    const week = speed().getByText("Median first response, last 7 days").locator("..");
    expect(await week.textContent()).toMatch(/\d+ (min|h)/);
    await checkScreen("dashboard");
  });
});
