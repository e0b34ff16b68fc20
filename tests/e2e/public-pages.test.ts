import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { industrySeed } from "@server/industries/industries.seed";
import {
  axeViolations,
  formatViolations,
  releaseBrowser,
  sharedBrowser,
  newPage,
  visitorTab,
  waitForScripts,
  type PageProblems,
  type VisitorTab,
} from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";

/** The public pages this branch owns (the Free Analysis form on /contact is tested with the form). */
const routes = [
  "/",
  "/about",
  "/meet-mark",
  "/services",
  "/services/merchant-accounts",
  "/services/mobile-payments",
  "/services/online-gateways",
  "/industries",
  ...industrySeed.map((i) => `/industries/${i.slug}`),
  "/privacy-policy",
  "/terms-of-service",
];

const mobileRoutes = ["/", "/services/merchant-accounts", "/industries/restaurants", "/meet-mark", "/privacy-policy"];

describe("public pages in Chromium", () => {
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
    const opened = await newPage(
      browser,
      viewport ? { viewport, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 } : {},
    );
    await opened.page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
    await waitForScripts(opened.page);
    return opened;
  }

  describe("at desktop width", () => {
    let tab: VisitorTab;
    beforeAll(async () => {
      tab = await visitorTab(browser);
    });
    afterAll(() => tab?.close());

    it.each(routes)("%s passes axe-core at desktop width, without console errors", async (path) => {
      await tab.visit(`${server.url}${path}`);
      const violations = await axeViolations(tab.page);
      expect(violations, formatViolations(violations)).toEqual([]);
      expect(tab.problems.errors).toEqual([]);
    });
  });

  describe("on a phone", () => {
    let tab: VisitorTab;
    beforeAll(async () => {
      tab = await visitorTab(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    });
    afterAll(() => tab?.close());

    it.each(mobileRoutes)("%s passes axe-core at a 390 px phone width and fits the screen", async (path) => {
      await tab.visit(`${server.url}${path}`);
      // Nothing may overflow sideways on a phone.
      expect(
        await tab.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      const violations = await axeViolations(tab.page);
      expect(violations, formatViolations(violations)).toEqual([]);
      expect(tab.problems.errors).toEqual([]);
    });
  });

  it("the savings calculator works by keyboard, announces results and carries them into the Free Analysis link", async () => {
    const { page, problems } = await open("/services/merchant-accounts");
    const result = page.locator('#savings-calculator [aria-live="polite"]');
    await expect(result.getAttribute("aria-atomic")).resolves.toBe("true");

    // Labelled inputs, filled from the keyboard, moving with Tab and submitting with Enter.
    await page.getByLabel("Monthly card volume").focus();
    await page.keyboard.type("$25,000");
    await page.keyboard.press("Tab");
    await page.keyboard.type("500");
    await page.keyboard.press("Tab");
    await page.keyboard.type("850");
    await page.keyboard.press("Enter");

    await expect.poll(() => result.innerText()).toContain("Estimated yearly saving");
    const announced = (await result.innerText()).replace(/\s+/g, " ");
    expect(announced).toContain("Your current effective rate 3.40%");
    expect(announced).toContain("Estimated cost with Meritum $585.00 a month (2.34%)");
    expect(announced).toContain("Estimated monthly saving $265.00");
    expect(announced).toContain("Estimated yearly saving $3,180.00");
    // Answered in the page by its script (the form's plain submit would load ?volume=...).
    expect(new URL(page.url()).search).toBe("");
    expect(await page.getByRole("link", { name: "Get my Free Analysis" }).getAttribute("href")).toBe(
      "/contact?from=calculator&volume=25000&transactions=500&fees=850",
    );
    // The results meet WCAG as shown.
    const violations = await axeViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    // The same numbers again change nothing in the live region, so nothing is announced twice.
    await page.evaluate(() => {
      const region = document.querySelector('#savings-calculator [aria-live="polite"]')!;
      const w = window as unknown as { regionChanges: number };
      w.regionChanges = 0;
      new MutationObserver((records) => (w.regionChanges += records.length)).observe(region, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
    });
    const regionChanges = () => page.evaluate(() => (window as unknown as { regionChanges: number }).regionChanges);
    await page.getByRole("button", { name: "Calculate my savings" }).click();
    // Mutation records arrive before the next frame.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(await regionChanges()).toBe(0);
    // New numbers: the estimate and the link follow them.
    await page.getByLabel("Monthly card volume").fill("30000");
    await page.getByLabel("Monthly card volume").press("Enter");
    await expect
      .poll(async () => (await result.innerText()).replace(/\s+/g, " "))
      .toContain("Estimated cost with Meritum $690.00 a month (2.30%)");
    expect(await regionChanges()).toBeGreaterThan(0);
    expect(await page.getByRole("link", { name: "Get my Free Analysis" }).getAttribute("href")).toBe(
      "/contact?from=calculator&volume=30000&transactions=500&fees=850",
    );
    await page.getByLabel("Monthly card volume").fill("$25,000");

    // Invalid input: a message next to the field, the field marked invalid and focused.
    const transactions = page.getByLabel("Card transactions per month");
    await transactions.fill("lots");
    await page.getByRole("button", { name: "Calculate my savings" }).click();
    await expect.poll(() => page.locator("#calc-transactions-error").innerText()).toContain("whole number");
    expect(await transactions.getAttribute("aria-invalid")).toBe("true");
    expect(await transactions.getAttribute("aria-describedby")).toContain("calc-transactions-error");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("calc-transactions");
    expect(await result.innerText()).not.toContain("Estimated yearly saving");
    expect(await result.innerText()).toContain("Enter your three numbers");

    // Corrected, the field is valid again and its message gone.
    await transactions.fill("500");
    await transactions.press("Enter");
    await expect.poll(() => result.innerText()).toContain("Estimated yearly saving");
    expect(await transactions.getAttribute("aria-invalid")).toBeNull();
    expect(await transactions.getAttribute("aria-describedby")).toBe("calc-transactions-hint");
    expect(await page.locator("#calc-transactions-error").isVisible()).toBe(false);

    // Already paying less than the illustration: never shown as a saving.
    await page.getByLabel("Current total monthly fees").fill("400");
    await page.getByLabel("Current total monthly fees").press("Enter");
    await expect.poll(() => result.innerText()).toContain("already at or below our illustration");
    expect(await result.innerText()).not.toContain("Estimated monthly saving");

    // Back to a saving, then into the Free Analysis form with the numbers.
    await page.getByLabel("Current total monthly fees").fill("850");
    await page.getByLabel("Current total monthly fees").press("Enter");
    await expect.poll(() => result.innerText()).toContain("Estimated yearly saving");
    await page.getByRole("link", { name: "Get my Free Analysis" }).click();
    await page.waitForURL((url) => url.pathname === "/contact");
    const url = new URL(page.url());
    expect(url.search).toBe("?from=calculator&volume=25000&transactions=500&fees=850");
    // The Free Analysis form arrives pre-filled with the calculator's figures.
    await expect.poll(() => page.getByLabel(/^Monthly card volume/).inputValue()).toBe("10k-50k");
    expect(await page.getByLabel(/Average sale/).inputValue()).toBe("50.00");
    expect(await page.getByLabel(/Anything we should know/).inputValue()).toContain(
      "$25,000 monthly card volume, 500 transactions",
    );
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("the calculator also works with JavaScript disabled (the form submits to the page)", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/services/merchant-accounts`);
    await page.getByLabel("Monthly card volume").fill("25000");
    await page.getByLabel("Card transactions per month").fill("500");
    await page.getByLabel("Current total monthly fees").fill("850");
    await page.getByRole("button", { name: "Calculate my savings" }).click();
    await page.waitForURL(/fees=850/);
    const text = await page.locator('#savings-calculator [aria-live="polite"]').innerText();
    expect(text.replace(/\s+/g, " ")).toContain("Estimated monthly saving $265.00");
    expect(await page.getByRole("link", { name: "Get my Free Analysis" }).getAttribute("href")).toBe(
      "/contact?from=calculator&volume=25000&transactions=500&fees=850",
    );
    // A mistake comes back from the server with its message beside the field.
    await page.getByLabel("Card transactions per month").fill("lots");
    await page.getByRole("button", { name: "Calculate my savings" }).click();
    await page.waitForURL(/transactions=lots/);
    expect(await page.locator("#calc-transactions-error").innerText()).toContain("whole number");
    expect(await page.getByLabel("Card transactions per month").getAttribute("aria-invalid")).toBe("true");
    await context.close();
  });

  it("a result the server rendered (the plain submit) is recalculated in the page once scripts run", async () => {
    const { page, problems } = await open("/services/merchant-accounts?volume=25000&transactions=500&fees=400");
    const result = page.locator('#savings-calculator [aria-live="polite"]');
    expect(await result.innerText()).toContain("already at or below our illustration");
    expect(await page.getByLabel("Current total monthly fees").inputValue()).toBe("400");
    await page.getByLabel("Current total monthly fees").fill("850");
    await page.getByLabel("Current total monthly fees").press("Enter");
    await expect.poll(() => result.innerText()).toContain("Estimated monthly saving");
    expect((await result.innerText()).replace(/\s+/g, " ")).toContain("Estimated yearly saving $3,180.00");
    expect(await result.innerText()).not.toContain("already at or below");
    expect(new URL(page.url()).search).toBe("?volume=25000&transactions=500&fees=400");
    expect(await page.getByRole("link", { name: "Get my Free Analysis" }).getAttribute("href")).toBe(
      "/contact?from=calculator&volume=25000&transactions=500&fees=850",
    );
    // Cleared fields bring the prompt back.
    await page.getByLabel("Monthly card volume").fill("");
    await page.getByLabel("Monthly card volume").press("Enter");
    await expect.poll(() => result.innerText()).toContain("Enter your three numbers");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("calc-volume");
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("the home page teaser leads to the calculator", async () => {
    const { page, problems } = await open("/");
    await page.getByRole("link", { name: "Try the savings calculator" }).click();
    await page.waitForURL(
      (url) => url.pathname === "/services/merchant-accounts" && url.hash === "#savings-calculator",
    );
    await expect.poll(() => page.locator("#savings-calculator").isVisible()).toBe(true);
    const top = await page.locator("#savings-calculator").evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeLessThan(200);
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("navigates from the industries list to an industry page and back through the breadcrumb", async () => {
    const { page, problems } = await open("/industries");
    const industry = industrySeed.find((i) => i.slug === "healthcare")!;
    await page
      .getByRole("link", { name: new RegExp(industry.name) })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === `/industries/${industry.slug}`);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).innerText())
      .toBe(`Payment processing for ${industry.name.toLowerCase()}`);
    expect(await page.getByText("Our recommended setup").isVisible()).toBe(true);
    expect(await page.title()).toContain(industry.name);
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Industries" }).click();
    await page.waitForURL((url) => url.pathname === "/industries");
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("opens FAQ answers with the keyboard, one at a time", async () => {
    const { page, problems } = await open("/services/online-gateways");
    const faq = page.locator("#faq");
    const question = page.getByRole("button", { name: "Will the gateway work with my website platform?" });
    const answer = page.getByText("Our gateway has plug-ins for the major shopping carts");
    await expect.poll(() => question.getAttribute("aria-expanded")).toBe("false");
    expect(await answer.isVisible()).toBe(false);
    await question.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => question.getAttribute("aria-expanded")).toBe("true");
    expect(await answer.isVisible()).toBe(true);
    expect(await question.getAttribute("data-state")).toBe("open");
    // The answer is a region named by its question.
    expect(
      await page.getByRole("region", { name: "Will the gateway work with my website platform?" }).isVisible(),
    ).toBe(true);
    const violations = await axeViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    // Arrow keys move between questions (APG accordion), wrapping at both ends; Home and End.
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? "");
    const questions = await faq.getByRole("button").allInnerTexts();
    expect(questions.length).toBe(5);
    await page.keyboard.press("ArrowDown");
    expect(await focused()).toBe("How do you help with fraud and chargebacks?");
    await page.keyboard.press("End");
    expect(await focused()).toBe(questions.at(-1));
    await page.keyboard.press("ArrowDown");
    expect(await focused()).toBe(questions[0]);
    await page.keyboard.press("ArrowUp");
    expect(await focused()).toBe(questions.at(-1));
    await page.keyboard.press("Home");
    expect(await focused()).toBe(questions[0]);
    // Moving focus opens nothing.
    expect(await faq.locator('button[aria-expanded="true"]').count()).toBe(1);

    // Space opens the first question and closes the open one: one answer at a time here.
    const first = page.getByRole("button", { name: questions[0] });
    await page.keyboard.press("Space");
    await expect.poll(() => first.getAttribute("aria-expanded")).toBe("true");
    await expect.poll(() => question.getAttribute("aria-expanded")).toBe("false");
    expect(await question.getAttribute("data-state")).toBe("closed");
    expect(await answer.isVisible()).toBe(false);
    expect(await faq.locator('[role="region"]:not([hidden])').count()).toBe(1);
    // A second press closes it again.
    await page.keyboard.press("Enter");
    await expect.poll(() => first.getAttribute("aria-expanded")).toBe("false");
    expect(await faq.locator('[role="region"]:not([hidden])').count()).toBe(0);
    // And a click works like a key.
    await question.click();
    await expect.poll(() => answer.isVisible()).toBe(true);
    await question.click();
    await expect.poll(() => answer.isVisible()).toBe(false);
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("the phone menu opens its drawer with a tap, navigates, and returns focus when closed", async () => {
    const { page, problems } = await open("/", { width: 390, height: 844 });
    // A CSS locator: while the modal drawer is open, the rest of the page is inert.
    const menu = page.locator('header button[aria-label="Open menu"]');
    await expect.poll(() => menu.getAttribute("aria-expanded")).toBe("false");
    const drawer = page.getByRole("dialog", { name: "Menu" });
    expect(await drawer.count()).toBe(0);
    await menu.tap();
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await expect.poll(() => menu.getAttribute("aria-expanded")).toBe("true");
    expect(await drawer.getByRole("link", { name: "Get Free Analysis" }).isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => drawer.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Open menu");
    await expect.poll(() => menu.getAttribute("aria-expanded")).toBe("false");
    await menu.tap();
    await drawer.getByRole("link", { name: "Industries", exact: true }).tap();
    await page.waitForURL((url) => url.pathname === "/industries");
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("Payment processing for your industry");
    await expect.poll(() => drawer.count()).toBe(0);
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("serves a sitemap the browser parses as XML, and robots.txt that points at it", async () => {
    const { page } = await open("/");
    const parsed = await page.evaluate(async () => {
      const text = await (await fetch("/sitemap.xml")).text();
      const doc = new DOMParser().parseFromString(text, "application/xml");
      return {
        error: doc.getElementsByTagName("parsererror").length,
        root: doc.documentElement.localName,
        ns: doc.documentElement.namespaceURI,
        locs: [...doc.getElementsByTagName("loc")].map((l) => new URL(l.textContent!).pathname),
        robots: await (await fetch("/robots.txt")).text(),
      };
    });
    expect(parsed.error).toBe(0);
    expect(parsed.root).toBe("urlset");
    expect(parsed.ns).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    for (const path of routes) expect(parsed.locs).toContain(path);
    expect(parsed.locs.filter((p) => /^\/(admin|login)/.test(p))).toEqual([]);
    expect(parsed.robots).toMatch(/^Disallow: \/admin$/m);
    expect(parsed.robots).toMatch(/^Sitemap: http:\/\/localhost(:\d+)?\/sitemap\.xml$/m);
    await page.context().close();
  });
});
