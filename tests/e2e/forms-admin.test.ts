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
  signInAs,
} from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Forms in Chromium as staff and a visitor use them: staff build a form and add a field, the
 * public page shows it, a visitor sends it, staff open the submission, mark it spam and
 * restore it; axe-core on every forms screen at 1280 and 390 px.
 */
const SERVER = { timeout: 15_000 };
const SHOTS = process.env.SCREENSHOT_DIR;

describe("forms and submissions in Chromium", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  async function checkScreen(label: string) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const violations = await axeViolations(page);
      expect(violations, `${label} at ${width}px:\n${formatViolations(violations)}`).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/${label.replace(/\W+/g, "-")}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      // The form's token is issued when the page is on screen: a script fills the form in well
      // under a second, which the too-fast check would hold as spam.
      startTestServer({ env: { CONTACT_MIN_SUBMIT_SECONDS: "0" } }),
      sharedBrowser(),
    ]);
    await createStaff(server, "owner@meritum.test", "admin");
    ({ page } = await newPage(browser));
    await signInAs(page, server.url, "owner@meritum.test", PASSWORD);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  it("builds a form, adds a field, and the public form shows it", async () => {
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Forms" }).click();
    await page.getByRole("link", { name: "Edit: Free Analysis" }).waitFor(SERVER);
    await checkScreen("forms list");

    await page.getByRole("link", { name: "New form" }).click();
    await page.getByLabel("Name", { exact: true }).fill("Event sign-up");
    expect(await page.getByLabel("Slug").inputValue()).toBe("event-sign-up");
    await page.getByRole("button", { name: "Create form" }).click();
    await page.waitForURL(/\/admin\/forms\/[0-9a-f-]{36}$/, SERVER);
    await page.getByRole("heading", { level: 1, name: "Event sign-up" }).waitFor(SERVER);

    await page.getByLabel("New field's label").fill("Favourite coffee");
    await page.getByLabel("Type", { exact: true }).last().selectOption("select");
    await page.getByRole("button", { name: "Add field" }).click();
    const added = page.getByRole("listitem", { name: /Field 2: Favourite coffee/ });
    // A drop-down without options is refused beside its field, before anything is sent.
    await page.getByRole("button", { name: "Save form" }).click();
    await added.getByText("Add at least one option.").waitFor(SERVER);
    await added.getByLabel("Options").fill("Espresso\nFlat white");
    await added.getByLabel("Required").check();
    await checkScreen("form editor");
    await page.getByRole("button", { name: "Save form" }).click();
    await page
      .getByRole("region", { name: /Notifications/ })
      .getByText("Form “Event sign-up” saved.")
      .waitFor(SERVER);

    await page.goto(`${server.url}/forms/event-sign-up`);
    await waitForScripts(page);
    await page.getByRole("heading", { level: 1, name: "Event sign-up" }).waitFor();
    const coffee = page.getByLabel(/Favourite coffee/);
    expect(await coffee.evaluate((el) => el.tagName)).toBe("SELECT");
    await checkScreen("public form");

    // The visitor forgets the required choice: the browser's own check says so beside the field
    // and in the summary and focuses the field, and nothing is sent. Then the visitor sends it.
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === "/forms/event-sign-up") posts.push(r.url());
    });
    await page.getByLabel(/E-mail/).fill("visitor@example.com");
    await page.getByRole("button", { name: "Send" }).click();
    const message = "Please choose an option for “Favourite coffee”.";
    const coffeeId = (await coffee.getAttribute("id"))!;
    await page.locator(`#${coffeeId}-error`).getByText(message).waitFor();
    expect(await coffee.getAttribute("aria-invalid")).toBe("true");
    expect(await coffee.getAttribute("aria-describedby")).toBe(`${coffeeId}-error`);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(coffeeId);
    const summary = page.getByRole("alert");
    expect(await summary.textContent()).toContain("Please correct the highlighted fields");
    expect(await summary.getByRole("link", { name: message }).getAttribute("href")).toBe(`#${coffeeId}`);
    expect(await page.getByLabel(/E-mail/).inputValue()).toBe("visitor@example.com");
    expect(posts).toEqual([]);
    await checkScreen("public form with errors");

    await coffee.selectOption("Flat white");
    await page.getByRole("button", { name: "Send" }).click();
    const thanks = page.getByRole("heading", { name: "Thank you." });
    await thanks.waitFor(SERVER);
    // The page that answers the post focuses the thank-you.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Thank you.");
    expect(posts).toHaveLength(1);
  });

  it("opens the submission, marks it spam, and restores it", async () => {
    await page.goto(`${server.url}/admin/forms`);
    await waitForScripts(page);
    await page.getByRole("link", { name: "Submissions: Event sign-up" }).click();
    const row = page.getByRole("row").filter({ hasText: "visitor@example.com" });
    await row.waitFor(SERVER);
    await checkScreen("submissions inbox");
    await row.getByRole("link").click();
    await page.getByText("Flat white").waitFor(SERVER);
    await page.getByText("Read", { exact: true }).waitFor(SERVER); // opening marked it read
    await checkScreen("submission detail");

    await page.getByRole("button", { name: "Mark spam" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Mark spam" }).click();
    await page.getByText("Spam: Marked as spam by staff").waitFor(SERVER);

    await page.getByRole("link", { name: "Event sign-up" }).click();
    await page.getByRole("link", { name: /Spam/ }).click();
    await page.waitForURL(/tab=spam/);
    await page.getByRole("row").filter({ hasText: "visitor@example.com" }).getByRole("link").click();
    await page.getByRole("button", { name: "Not spam: restore" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Restore" }).click();
    await page.getByRole("button", { name: "Mark spam" }).waitFor(SERVER);
    // Back in the inbox: it was read before, so it is under "Read" again.
    await page.getByRole("link", { name: "Event sign-up" }).click();
    await page.getByRole("navigation", { name: "Submission tabs" }).getByRole("link", { name: /^Read/ }).click();
    await page.getByRole("row").filter({ hasText: "visitor@example.com" }).waitFor(SERVER);
  });
});
