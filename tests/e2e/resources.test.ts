import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axeViolations,
  formatViolations,
  releaseBrowser,
  sharedBrowser,
  newPage,
  type PageProblems,
  waitForScripts,
  visitorTab,
  type VisitorTab,
} from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";

describe("resources in the browser", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), sharedBrowser()]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  async function open(
    path: string,
    viewport?: { width: number; height: number },
  ): Promise<{ page: Page; problems: PageProblems }> {
    const { page, problems } = await newPage(browser, viewport ? { viewport } : {});
    // The site shell's icons are not part of this feature; keep their absence out of the console check.
    await page.route(/\/favicon\.(ico|svg)$/, (route) => route.fulfill({ status: 204, body: "" }));
    await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
    await waitForScripts(page);
    return { page, problems };
  }

  it("goes from the blog list to a post and reads its heading", async () => {
    const { page, problems } = await open("/resources/blog");
    await page.getByRole("link", { name: "Avoiding chargebacks: practical steps for small merchants" }).click();
    await page.waitForURL("**/resources/blog/how-to-avoid-chargebacks");
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("Avoiding chargebacks: practical steps for small merchants");
    expect(await page.getByRole("heading", { name: "How a dispute works" }).isVisible()).toBe(true);
    // Previous/next navigation moves between posts.
    await page.getByRole("navigation", { name: "More articles" }).getByRole("link").first().click();
    await page.waitForURL((url) => url.pathname !== "/resources/blog/how-to-avoid-chargebacks");
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .not.toBe("Avoiding chargebacks: practical steps for small merchants");
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("opens the FAQ item named in the URL, on load and on hash change", async () => {
    const { page, problems } = await open("/resources/faq#when-will-i-receive-my-deposits");
    const deposits = page.getByRole("button", { name: "When will I receive my deposits?" });
    await expect.poll(() => deposits.getAttribute("aria-expanded")).toBe("true");
    expect(await page.getByText("Batches closed before the daily cut-off").isVisible()).toBe(true);
    // Scrolled to and focused, so a keyboard or screen-reader user lands on it.
    const focusedId = () => page.evaluate(() => document.activeElement?.id);
    expect(await focusedId()).toBe(await deposits.getAttribute("id"));
    expect(
      await page.locator("#when-will-i-receive-my-deposits").evaluate((el) => el.getBoundingClientRect().top),
    ).toBeLessThan(200);
    const interchange = page.getByRole("button", { name: "What is interchange?" });
    await expect.poll(() => interchange.getAttribute("aria-expanded")).toBe("false");
    await page.evaluate(() => {
      window.location.hash = "#what-is-interchange";
    });
    await expect.poll(() => interchange.getAttribute("aria-expanded")).toBe("true");
    await expect.poll(focusedId).toBe(await interchange.getAttribute("id"));
    expect(await page.locator("#what-is-interchange").evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(
      200,
    );
    // This page lets several answers stay open.
    await expect.poll(() => deposits.getAttribute("aria-expanded")).toBe("true");
    // The accordion still works by hand.
    await interchange.click();
    await expect.poll(() => interchange.getAttribute("aria-expanded")).toBe("false");
    // An answer's own link opens it again (its #fragment).
    await deposits.click();
    await expect.poll(() => deposits.getAttribute("aria-expanded")).toBe("false");
    await page.evaluate(() => {
      window.location.hash = "#when-will-i-receive-my-deposits";
    });
    await expect.poll(() => deposits.getAttribute("aria-expanded")).toBe("true");
    await page.evaluate(() => {
      window.location.hash = "#what-is-interchange";
    });
    await expect.poll(focusedId).toBe(await interchange.getAttribute("id"));
    await page
      .getByRole("region", { name: "When will I receive my deposits?" })
      .getByRole("link", { name: /^Link to this answer/ })
      .click();
    await expect.poll(() => page.url()).toContain("#when-will-i-receive-my-deposits");
    await expect.poll(focusedId).toBe(await deposits.getAttribute("id"));
    // A fragment that names no question (a category, or nothing we know) opens nothing.
    const openCount = () => page.locator('button[aria-expanded="true"]').count();
    const before = await openCount();
    // Resolves once the page has handled the hash change (its own listener was added first).
    const changeHash = (hash: string) =>
      page.evaluate(
        (to) =>
          new Promise<void>((resolve) => {
            window.addEventListener("hashchange", () => resolve(), { once: true });
            window.location.hash = to;
          }),
        hash,
      );
    const category = await page
      .getByRole("navigation", { name: "FAQ categories" })
      .getByRole("link")
      .first()
      .getAttribute("href");
    expect(category).toMatch(/^#category-/);
    await changeHash(category!);
    expect(await openCount()).toBe(before);
    await changeHash("#no-such-question");
    expect(await openCount()).toBe(before);
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("moves between FAQ questions with the arrow keys, Home and End, within a category", async () => {
    const { page, problems } = await open("/resources/faq");
    const category = page.getByRole("region", { name: "Pricing and fees", exact: true });
    const questions = await category.locator("[data-accordion-trigger]").allInnerTexts();
    expect(questions.length).toBeGreaterThan(2);
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? "");
    await category.getByRole("button", { name: questions[0] }).focus();
    await page.keyboard.press("ArrowDown");
    expect(await focused()).toBe(questions[1]);
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    expect(await focused()).toBe(questions.at(-1));
    await page.keyboard.press("ArrowDown");
    expect(await focused()).toBe(questions[0]);
    await page.keyboard.press("End");
    expect(await focused()).toBe(questions.at(-1));
    await page.keyboard.press("Home");
    expect(await focused()).toBe(questions[0]);
    // Several answers may be open on this page.
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Space");
    await expect.poll(() => category.locator('button[aria-expanded="true"]').count()).toBe(2);
    expect(await category.locator('[role="region"]:not([hidden])').count()).toBe(2);
    await page.keyboard.press("Space");
    await expect.poll(() => category.locator('button[aria-expanded="true"]').count()).toBe(1);
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("shows every FAQ answer when JavaScript is off (the questions cannot open them)", async () => {
    const { page } = await newPage(browser, { javaScriptEnabled: false });
    await page.goto(`${server.url}/resources/faq`);
    expect(await page.getByText("Batches closed before the daily cut-off").isVisible()).toBe(true);
    const regions = page.getByRole("region", { includeHidden: true }).filter({ has: page.locator("p") });
    const count = await regions.count();
    expect(count).toBeGreaterThan(5);
    for (let i = 0; i < count; i++) expect(await regions.nth(i).isVisible()).toBe(true);
    await page.context().close();
  });

  it("searches from the resources page box", async () => {
    const { page, problems } = await open("/resources");
    await page.getByRole("searchbox", { name: "Search articles, guides and FAQ" }).fill("chargebak");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL("**/resources/search?q=chargebak");
    await page.getByRole("heading", { name: /results? for “chargebak”/ }).waitFor();
    const first = page
      .getByRole("region", { name: /results? for “chargebak”/ })
      .locator("ol li")
      .first();
    expect(await first.getByRole("link").textContent()).toContain("Avoiding chargebacks");
    expect(await first.locator("mark").first().textContent()).toMatch(/chargebacks?/i);
    expect(await first.textContent()).toMatch(/Article|Guide|FAQ/);
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("shows the not-found page with 404 for unknown or unpublished slugs", async () => {
    for (const path of ["/resources/blog/no-such-post", "/resources/guides/no-such-guide", "/resources/blog?page=99"]) {
      const { page } = await newPage(browser);
      const res = await page.goto(`${server.url}${path}`);
      expect(res?.status(), path).toBe(404);
      expect(await page.getByRole("heading", { level: 1 }).textContent(), path).toBe("Page not found");
      await page.context().close();
    }
  });

  const pages = [
    "/resources",
    "/resources/blog",
    "/resources/blog/interchange-plus-vs-tiered-vs-flat-rate-pricing",
    "/resources/guides",
    "/resources/guides/switching-processors-without-downtime",
    "/resources/faq#what-is-interchange",
    "/resources/search?q=interchange",
    "/resources/search",
    "/resources/search?q=xylophonics",
  ];
  // One test per page and width, so each stays well inside the time limit; one tab per width.
  for (const width of [1280, 390]) {
    describe(`at ${width}px`, () => {
      let tab: VisitorTab;
      beforeAll(async () => {
        tab = await visitorTab(browser, { viewport: { width, height: 900 } });
      });
      afterAll(() => tab?.close());

      for (const path of pages) {
        it(`has no axe-core violations or console errors on ${path} at ${width}px`, async () => {
          await tab.visit(`${server.url}${path}`);
          const violations = await axeViolations(tab.page);
          expect(formatViolations(violations)).toBe("");
          expect(tab.problems.errors).toEqual([]);
        });
      }
    });
  }
});
