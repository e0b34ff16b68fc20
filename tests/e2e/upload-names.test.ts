import fs from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff, PASSWORD } from "../support/auth";
import { releaseBrowser, sharedBrowser, newPage, signInAs, waitForScripts } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";
import { fillFreeAnalysis } from "../support/free-analysis-page";

/**
 * Issue 26: a visitor's statement named "October statement.pdf.bat" (a PDF by its bytes, batch
 * commands after the header) is offered to staff, and saved by Chromium, as
 * "October statement.pdf": the extension of the detected type, never the visitor's.
 */
const SERVER = { timeout: 15_000 };
const PDF_BAT = Buffer.from("%PDF-1.4\r\n@echo off\r\nstart calc.exe\r\n%%EOF\r\n");

describe("a download's file name in Chromium", () => {
  let server: TestServer;
  let browser: Browser;

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

  it("ends in the detected type's extension, whatever the visitor called the file", async () => {
    const visitor = await newPage(browser);
    const v = visitor.page;
    await v.goto(`${server.url}/contact`, { waitUntil: "networkidle" });
    await waitForScripts(v);
    await fillFreeAnalysis(v, {
      name: "Bo Tables",
      business: "Tables Diner",
      email: "bo@tables.example",
      phone: "(480) 555-0199",
    });
    await v.getByLabel(/Recent processing statement/).setInputFiles({
      name: "October statement.pdf.bat",
      mimeType: "application/pdf",
      buffer: PDF_BAT,
    });
    await v.getByLabel(/I agree to be contacted/).check();
    await v.getByRole("button", { name: "Get my free analysis" }).click();
    await v.getByRole("heading", { name: /Your request is in/ }).waitFor(SERVER);
    await v.context().close();

    const { page } = await newPage(browser);
    page.setDefaultTimeout(SERVER.timeout);
    await signInAs(page, server.url, "owner@meritum.test", PASSWORD);
    await page.goto(`${server.url}/admin/contacts?q=tables`);
    await waitForScripts(page);
    await page.getByRole("link", { name: "Bo Tables" }).click();
    await page.getByRole("heading", { level: 1, name: "Bo Tables" }).waitFor();
    const link = page.getByRole("link", { name: /^Download October statement/ });
    expect(await link.textContent()).toContain("October statement.pdf");
    expect(await link.textContent()).not.toContain(".bat");
    const downloading = page.waitForEvent("download");
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("October statement.pdf");
    expect(fs.readFileSync((await download.path())!).equals(PDF_BAT)).toBe(true);
    await page.context().close();
  });
});
