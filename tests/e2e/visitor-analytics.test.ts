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
 * Visitor analytics in Chromium (issue 23): a visitor arrives from a newsletter, reads two
 * pages and sends Free Analysis; staff see the campaign with its views, the submission and
 * its rate in the dashboard's "Visitors" section. The visitor's browser says it is Chrome (a
 * headless browser is left out as a robot). axe-core checks the section at 1280 and 390 px.
 * Set E2E_SCREENSHOTS=<folder> to keep a PNG of the section at both widths.
 */
const SERVER = { timeout: 15_000 };
const CHROME_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

describe("visitor analytics, in Chromium", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

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

  it("counts a newsletter visitor who reads two pages and sends Free Analysis, without a cookie", async () => {
    const { page: v, problems } = await newPage(browser, { userAgent: CHROME_UA });
    v.setDefaultTimeout(SERVER.timeout);
    const beacons: number[] = [];
    v.on("response", (res) => {
      if (res.url().endsWith("/api/collect")) beacons.push(res.status());
    });
    await v.goto(`${server.url}/?utm_source=newsletter&utm_campaign=fall`, { waitUntil: "networkidle" });
    await waitForScripts(v);
    const footer = v.getByRole("navigation", { name: "Quick links" });
    await footer.getByRole("link", { name: "About Us" }).click();
    await v.waitForURL(`${server.url}/about`);
    await waitForScripts(v);
    await footer.getByRole("link", { name: "Services" }).click();
    await v.waitForURL(`${server.url}/services`);
    await waitForScripts(v);
    await footer.getByRole("link", { name: "Contact" }).click();
    await v.waitForURL(`${server.url}/contact`);
    await waitForScripts(v);
    await fillFreeAnalysis(v, {
      name: "Nia Newsletter",
      business: "Fall Goods",
      email: "nia@fallgoods.example",
      phone: "(480) 555-0188",
    });
    await v.getByLabel(/I agree to be contacted/).check();
    await v.getByRole("button", { name: "Get my free analysis" }).click();
    await v.getByRole("heading", { name: /Your request is in/ }).waitFor();
    // Four page views, the first focus into the form, and the answer page's view: six beacons.
    // The visitor leaves (the context closes) only after the last one, or its view would be lost.
    await expect.poll(() => beacons.length, SERVER).toBeGreaterThanOrEqual(6);
    expect(beacons.every((status) => status === 204)).toBe(true);
    expect(await v.context().cookies()).toEqual([]);
    expect(problems.errors).toEqual([]);
    await v.context().close();
  });

  it("shows the newsletter campaign with its views, the submission and its rate on the dashboard", async () => {
    ({ page } = await newPage(browser));
    page.setDefaultTimeout(SERVER.timeout);
    await signInAs(page, server.url, "owner@meritum.test", PASSWORD);
    await waitForScripts(page);
    const section = page.getByRole("region", { name: "Visitors", exact: true });
    await section.getByRole("tab", { name: "Last 7 days" }).click();
    // The 7-day figures load when their tab opens: read them once they are on the screen.
    const week = section.getByRole("tabpanel", { name: "Last 7 days" });
    const campaigns = week.getByRole("region", { name: "Campaigns", exact: true });
    const campaign = campaigns.getByRole("row").filter({ hasText: "newsletter" });
    // Counts reach the database within two seconds of the beacon; reload until they all show
    // (the row can appear before the answer page's view is written). Each reading waits for the
    // figures: reading while they load, then reloading, would never see them on a slow machine.
    let loaded = true;
    await expect
      .poll(async () => {
        if (!loaded) {
          await page.reload();
          await waitForScripts(page);
          await section.getByRole("tab", { name: "Last 7 days" }).click();
        }
        loaded = false;
        await campaigns.waitFor();
        return (await campaign.count()) ? campaign.innerText() : "";
      }, SERVER)
      .toMatch(/newsletter\s+—\s+fall\s+5\s+1\s+1\s+100\.0 %/);
    const source = week
      .getByRole("region", { name: "Conversion by source" })
      .getByRole("row")
      .filter({ hasText: "newsletter" });
    expect(await source.innerText()).toMatch(/newsletter\s+1\s+1\s+100\.0 %/);
    const funnel = week
      .getByRole("region", { name: "Form funnel" })
      .getByRole("row")
      .filter({ hasText: "free-analysis" });
    expect(await funnel.innerText()).toMatch(/free-analysis\s+\d+\s+1\s+0\s+1/);
    await section.locator(".uplot canvas").first().waitFor();
    await section.getByText("Show the figures as a table").click();

    const download = page.waitForEvent("download");
    await section.getByRole("link", { name: "CSV of campaigns" }).click();
    const csv = fs.readFileSync((await (await download).path())!, "utf8");
    // Text cells are quoted (server/http/csv.ts), numbers are not; no medium was given.
    expect(csv).toMatch(/"newsletter",(""|),"fall",5,1,1,"?100\.00"?\r\n/);

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await section.scrollIntoViewIfNeeded();
      const violations = await axeViolations(page);
      expect(violations, `dashboard with Visitors at ${width} px:\n${formatViolations(violations)}`).toEqual([]);
      const dir = process.env.E2E_SCREENSHOTS;
      if (dir) {
        fs.mkdirSync(dir, { recursive: true });
        await section.screenshot({ path: path.join(dir, `visitors-${width}.png`) });
      }
    }
  });
});
