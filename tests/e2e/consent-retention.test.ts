import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT_TEXT } from "@common/lead";
import { consentVersionOf } from "@server/forms/consent";
import { getFreeAnalysisForm } from "@server/forms/definitions";
import { apiCall, createStaff, PASSWORD, signIn } from "../support/auth";
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
 * Consent evidence and retention (decision 0049) in Chromium: a visitor opens Free Analysis,
 * staff change the consent text while the visitor fills it in, the visitor sends it; staff see
 * the text the visitor saw and its version on the contact and on the submission; the
 * settings screen shows the retention days and what the next run will remove, counted again
 * as the days are typed. axe-core checks the contact, the submission and the settings at 1280
 * and 390 px.
 * Set E2E_SCREENSHOTS=<folder> to keep a PNG of each screen at both widths.
 */
const SERVER = { timeout: 15_000 };

describe("consent evidence and retention, in Chromium", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  async function checkScreen(label: string, region?: string) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const violations = await axeViolations(page);
      expect(violations, `${label} at ${width} px:\n${formatViolations(violations)}`).toEqual([]);
      const dir = process.env.E2E_SCREENSHOTS;
      if (dir) {
        fs.mkdirSync(dir, { recursive: true });
        const file = path.join(dir, `${label}-${width}.png`);
        if (region) await page.getByRole("region", { name: region }).screenshot({ path: file });
        else await page.screenshot({ path: file, fullPage: true });
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
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  const NEW_TEXT = "You may call or text me about my analysis, including by automated means.";

  it("takes a visitor's Free Analysis request, consent ticked, with the text their page showed", async () => {
    const visitor = await newPage(browser);
    const v = visitor.page;
    await v.goto(`${server.url}/contact`, { waitUntil: "networkidle" });
    await waitForScripts(v);
    await fillFreeAnalysis(v, {
      name: "Rosa Vega",
      business: "Vega Bakery",
      email: "rosa@vegabakery.example",
      phone: "(480) 555-0177",
    });
    // Meanwhile staff change the consent text.
    const form = await getFreeAnalysisForm(server.database.db);
    const fields = form.fields.map((f) => (f.type === "consent" ? { ...f, label: NEW_TEXT } : f));
    const cookie = await signIn(server, "owner@meritum.test");
    expect((await apiCall(server, "PUT", `/api/admin/forms/${form.id}`, cookie, { ...form, fields })).status).toBe(200);
    await v.getByLabel(CONSENT_TEXT).check();
    await v.getByRole("button", { name: "Get my free analysis" }).click();
    await v.getByRole("heading", { name: /Your request is in/ }).waitFor(SERVER);
    // A page opened now shows the new text.
    await v.goto(`${server.url}/contact`);
    await v.getByLabel(NEW_TEXT).waitFor();
    await v.context().close();
  });

  it("shows staff the consent text and its version on the contact and the submission", async () => {
    ({ page } = await newPage(browser));
    page.setDefaultTimeout(SERVER.timeout);
    await signInAs(page, server.url, "owner@meritum.test", PASSWORD);
    await page.goto(`${server.url}/admin/contacts`);
    await page.getByRole("link", { name: "Rosa Vega" }).click();
    await page.getByRole("heading", { level: 1, name: "Rosa Vega" }).waitFor();

    const evidence = page.getByRole("region", { name: "Timeline" }).getByTestId("consent-evidence");
    await evidence.waitFor();
    const version = consentVersionOf(CONSENT_TEXT);
    expect(await evidence.textContent()).toContain(CONSENT_TEXT);
    expect(await evidence.textContent()).toContain(`version ${version}`);
    expect(await evidence.textContent()).not.toContain(NEW_TEXT);
    await evidence.getByText("Given").waitFor();
    // The request facts fold away on the timeline; opened, they name the page it was sent from.
    await evidence.getByText("When, where and which form version").click();
    await evidence.getByText(`${server.url}/contact`).waitFor();
    await checkScreen("contact-consent");

    await page.getByRole("link", { name: /Submitted: Contact form/ }).click();
    const card = page.getByRole("region", { name: "Consent evidence" });
    await card.waitFor();
    expect(await card.textContent()).toContain(CONSENT_TEXT);
    expect(await card.textContent()).toContain(version);
    await checkScreen("submission-consent", "Consent evidence");
  });

  it("shows the retention days and what the next run will remove, counted as the days are typed", async () => {
    await page.goto(`${server.url}/admin/settings`);
    const card = page.getByRole("region", { name: "Retention" });
    await card.getByLabel(/^Keep spam \(days\)/).waitFor();
    expect(await card.getByLabel(/^Keep spam \(days\)/).inputValue()).toBe("30");
    expect(await card.getByLabel(/^Keep statements \(days\)/).inputValue()).toBe("365");
    await card.getByText(/The next run \(.*\) will remove: 0 spam submissions and 0 statements\./).waitFor();
    await checkScreen("settings-retention", "Retention");

    await card.getByLabel(/^Keep spam \(days\)/).fill("7");
    await card
      .getByText(/With these days, the next run .* would remove: 0 spam submissions and 0 statements\./)
      .waitFor();
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Settings saved.").first().waitFor();
    await card.getByText(/The next run \(.*\) will remove: 0 spam submissions and 0 statements\./).waitFor();
    expect(await card.getByLabel(/^Keep spam \(days\)/).inputValue()).toBe("7");
  });
});
