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
import { CONFIRM_MIN_MS } from "@server/privacy/verification";
import { samplePdf, storeFreeAnalysis } from "../support/lead-forms";
import { unzip } from "../support/privacy";
import { startTestServer, type TestServer } from "../support/server";
import { linkIn, startTestSmtp, type TestSmtp } from "../support/smtp";

/**
 * A privacy request in Chromium, as people make and answer it (decision 0050): a visitor who
 * sent Free Analysis with a statement asks for their data through the form linked from the
 * privacy policy, the confirmation mail arrives at a real SMTP server, the visitor opens its
 * link and presses "Confirm my request"; an admin sees the request with its due date, downloads the ZIP, erases the data and
 * marks the request done. axe-core at 1280 and 390 px on the new screens.
 */
const SERVER = { timeout: 15_000 };
const SHOTS = process.env.SCREENSHOT_DIR;
const EMAIL = "casey.moreno@example.net";

describe("privacy requests in Chromium", () => {
  let server: TestServer;
  let browser: Browser;
  let smtp: TestSmtp;

  async function expectAccessible(page: Page, label: string) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const violations = await axeViolations(page);
      expect(violations, `${label} at ${width} px:\n${formatViolations(violations)}`).toEqual([]);
      if (SHOTS)
        await page.screenshot({ path: path.join(SHOTS, `${label.replace(/\W+/g, "-")}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  beforeAll(async () => {
    smtp = await startTestSmtp();
    [server, browser] = await Promise.all([
      startTestServer({ env: { SMTP_URL: smtp.url, CONTACT_MIN_SUBMIT_SECONDS: "0", CONTACT_RATE_LIMIT: "100" } }),
      sharedBrowser(),
    ]);
    await createStaff(server, "owner@meritum.test", "admin");
    await storeFreeAnalysis(
      server.database.db,
      { email: EMAIL, name: "Casey Moreno" },
      {
        filename: "june-statement.pdf",
        bytes: samplePdf(),
      },
    );
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
    await smtp?.close();
  });

  it("the visitor asks for their data from the privacy policy and confirms it on the e-mailed link's page", async () => {
    const { page, problems } = await newPage(browser);
    await page.goto(`${server.url}/privacy-policy`);
    await waitForScripts(page);
    await page.getByRole("link", { name: "privacy request form" }).click();
    await page.getByRole("heading", { level: 1, name: "Privacy request" }).waitFor(SERVER);
    await waitForScripts(page);
    await expectAccessible(page, "privacy request form");
    await page.getByLabel(/Your name/).fill("Casey Moreno");
    await page.getByLabel(/E-mail/).fill(EMAIL);
    await page.getByLabel(/What would you like us to do/).selectOption("Send me a copy of my data");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("open it within 3 days").waitFor(SERVER);

    // The Free Analysis stored above also sends this address its auto-reply: wait for the confirmation.
    const confirmation = () =>
      smtp.mails.find((m) => m.to.includes(EMAIL) && m.text.includes("Confirm your privacy request"));
    await expect.poll(() => Boolean(confirmation())).toBe(true);
    const mail = confirmation()!;
    const link = linkIn(mail, "/privacy-request/confirm");
    await page.goto(`${server.url}${link.pathname}${link.search}`);
    const served = Date.now();
    // Opening the link confirms nothing: the page says what the button will confirm, for which address.
    await page.getByRole("heading", { level: 1, name: "Confirm your privacy request" }).waitFor(SERVER);
    const request = page.getByRole("region", { name: "The request" });
    await page.getByText("You asked us to send you a copy of the information we hold about you.").waitFor();
    await request.getByText("A copy of my data").waitFor();
    await request.getByText("ca•••@ex•••.net").waitFor();
    await expectAccessible(page, "privacy request to confirm");
    // A press sooner than a person could make it is refused as a bot's ("press the button again").
    // The checks above usually take longer than that, but not always on a fast machine.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, served + CONFIRM_MIN_MS - Date.now())));
    await request.getByRole("button", { name: "Confirm my request" }).click();
    await page.getByRole("heading", { level: 1, name: "Your request is confirmed" }).waitFor(SERVER);
    await expectAccessible(page, "privacy request confirmed");
    expect(problems.errors).toEqual([]);
    await page.goto(`${server.url}/privacy-request/confirm?token=broken`);
    await page.getByRole("heading", { level: 1, name: "This link is not valid" }).waitFor(SERVER);
    await expectAccessible(page, "privacy link not valid");
    // The browser reports the page's own status (400) as a failed load, and nothing else.
    expect(problems.errors).toEqual([
      "Failed to load resource: the server responded with a status of 400 (Bad Request)",
    ]);
    await page.context().close();
  });

  it("an admin sees the request with its due date, downloads the ZIP, erases the data and marks it done", async () => {
    const { page, problems } = await newPage(browser);
    await signInAs(page, server.url, "owner@meritum.test", PASSWORD);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Privacy requests" }).click();
    const row = page
      .getByRole("list", { name: "Open requests, soonest due first" })
      .getByRole("listitem")
      .filter({ hasText: EMAIL });
    await row.waitFor(SERVER);
    await row.getByText("Due in 45 days").waitFor(SERVER);
    await row.getByText("Copy of data").waitFor();
    await expectAccessible(page, "privacy requests");

    await row.getByRole("button", { name: `Look up ${EMAIL}` }).click();
    await page.getByText(/Held about casey\.moreno@example\.net: 1 contact, 2 submissions, 1 file/).waitFor(SERVER);
    await page
      .getByRole("region", { name: "Uploaded files: 1" })
      .getByText(/june-statement\.pdf/)
      .waitFor();
    await expectAccessible(page, "privacy lookup");

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download ZIP" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^privacy-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = await unzip(fs.readFileSync((await download.path())!));
    expect([...entries.keys()]).toEqual(["data.json", "files/01-june-statement.pdf"]);
    expect(JSON.parse(entries.get("data.json")!.toString()).submissions).toHaveLength(2);

    await page.getByRole("button", { name: "Erase everything" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText(/This removes for good: 1 contact, 2 submissions, 1 file/).waitFor(SERVER);
    await expectAccessible(page, "privacy erase confirmation");
    await dialog.getByRole("button", { name: "Erase for good" }).click();
    await page.getByText(/Nothing is held about casey\.moreno@example\.net/).waitFor(SERVER);

    await page.getByRole("button", { name: "Mark done: the request of an erased requester" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Mark done" }).click();
    await page.getByText("No open privacy requests").waitFor(SERVER);
    await page.getByText(/Erased requester · Copy of data · done/).waitFor(SERVER);
    await expectAccessible(page, "privacy requests after erasure");
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });
});
