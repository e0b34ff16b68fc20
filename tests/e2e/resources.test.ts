import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axeViolations,
  formatViolations,
  launchBrowser,
  newPage,
  type PageProblems,
  waitForHydration,
} from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";

describe("resources in the browser", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
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
    await waitForHydration(page);
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
    const interchange = page.getByRole("button", { name: "What is interchange?" });
    expect(await interchange.getAttribute("aria-expanded")).toBe("false");
    await page.evaluate(() => {
      window.location.hash = "#what-is-interchange";
    });
    await expect.poll(() => interchange.getAttribute("aria-expanded")).toBe("true");
    // The accordion still works by hand.
    await interchange.click();
    await expect.poll(() => interchange.getAttribute("aria-expanded")).toBe("false");
    expect(problems.errors).toEqual([]);
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
  // One test per page and width, so each stays well inside the time limit.
  for (const width of [1280, 390]) {
    for (const path of pages) {
      it(`has no axe-core violations or console errors on ${path} at ${width}px`, async () => {
        const { page, problems } = await open(path, { width, height: 900 });
        const violations = await axeViolations(page);
        await page.context().close();
        expect(formatViolations(violations)).toBe("");
        expect(problems.errors).toEqual([]);
      });
    }
  }
});
