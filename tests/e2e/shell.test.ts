import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, formatViolations, launchBrowser, newPage, waitForHydration } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const publicRoutes = [
  "/",
  "/about",
  "/meet-mark",
  "/services",
  "/services/merchant-accounts",
  "/services/mobile-payments",
  "/services/online-gateways",
  "/resources",
  "/resources/search",
  "/resources/blog",
  "/resources/guides",
  "/resources/faq",
  "/industries",
  "/industries/restaurants",
  "/contact",
  "/login",
  "/privacy-policy",
  "/terms-of-service",
];

async function open(path: string, options: Parameters<typeof newPage>[1] = {}) {
  const { page, problems } = await newPage(browser, options);
  const response = await page.goto(server.url + path);
  await page.waitForLoadState("networkidle");
  // Public pages hydrate after their first paint (decision 0009): menus answer clicks after that.
  await waitForHydration(page);
  return { page, problems, response };
}

function navTrigger(page: Page, name: string) {
  return page.getByRole("navigation", { name: "Main" }).getByRole("button", { name });
}

function navLink(page: Page, name: string) {
  return page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true });
}

describe("routes", () => {
  it("every public route answers 200 with one visible heading and a title", async () => {
    const { page } = await newPage(browser);
    for (const path of publicRoutes) {
      const response = await page.goto(server.url + path);
      expect(response?.status(), path).toBe(200);
      const headings = page.locator("h1");
      expect(await headings.count(), path).toBe(1);
      await expect.poll(() => headings.first().isVisible(), { message: path }).toBe(true);
      expect((await headings.first().textContent())?.trim().length, path).toBeGreaterThan(3);
      expect(await page.title(), path).toMatch(/Meritum/);
    }
    await page.context().close();
  });

  it("an unknown path renders the not-found page with 404, also after a client navigation", async () => {
    const { page, response } = await open("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Page not found");

    await page.goto(server.url + "/about");
    await waitForHydration(page);
    await page.evaluate(() => (window as any).__reactRouterDataRouter.navigate("/services/does-not-exist"));
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Page not found");
    expect(new URL(page.url()).pathname).toBe("/services/does-not-exist");
    await page.context().close();
  });
});

describe("top navigation", () => {
  it("opens the Services dropdown with the mouse and navigates from it", async () => {
    const { page, problems } = await open("/");
    await navTrigger(page, "Services").click();
    const items = [
      "Services overview",
      "Small Business Merchant Accounts",
      "Mobile Payment Options",
      "Online Payment Gateways",
    ];
    for (const name of items) await expect.poll(() => navLink(page, name).isVisible()).toBe(true);
    await navLink(page, "Small Business Merchant Accounts").click();
    await page.waitForURL("**/services/merchant-accounts");
    await expect.poll(() => navTrigger(page, "Services").getAttribute("aria-current")).toBe("page");
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("opens and closes the About dropdown with the keyboard", async () => {
    const { page } = await open("/");
    const about = navTrigger(page, "About");
    await about.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => navLink(page, "About the company").isVisible()).toBe(true);
    await expect.poll(() => navLink(page, "Meet Mark").isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => navLink(page, "Meet Mark").isVisible()).toBe(false);
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("About the company");
    await page.context().close();
  });

  it("keeps a dropdown open when its button is clicked after hovering, and closes it on a second click", async () => {
    const { page, problems } = await open("/");
    const services = navTrigger(page, "Services");
    const overview = navLink(page, "Services overview");
    await services.hover();
    await expect.poll(() => overview.isVisible()).toBe(true);
    await services.click();
    // Longer than the hover delays: the menu must not flash and vanish.
    await page.waitForTimeout(500);
    expect(await overview.isVisible()).toBe(true);
    expect(await services.getAttribute("aria-expanded")).toBe("true");
    // Moving the mouse away leaves a clicked menu open.
    await page.mouse.move(640, 600);
    await page.waitForTimeout(500);
    expect(await overview.isVisible()).toBe(true);
    await services.click();
    await expect.poll(() => overview.isVisible()).toBe(false);
    expect(await services.getAttribute("aria-expanded")).toBe("false");
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("closes an open dropdown on Escape (focus back on its button) and on a click outside", async () => {
    const { page } = await open("/");
    const about = navTrigger(page, "About");
    await about.click();
    await expect.poll(() => navLink(page, "Meet Mark").isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => navLink(page, "Meet Mark").isVisible()).toBe(false);
    expect(await about.evaluate((el) => el === document.activeElement)).toBe(true);

    await about.click();
    await expect.poll(() => navLink(page, "Meet Mark").isVisible()).toBe(true);
    await page.getByRole("heading", { level: 1 }).click();
    await expect.poll(() => navLink(page, "Meet Mark").isVisible()).toBe(false);

    // Opening one dropdown closes the other.
    await about.click();
    await navTrigger(page, "Services").click();
    await expect.poll(() => navLink(page, "Services overview").isVisible()).toBe(true);
    expect(await navLink(page, "Meet Mark").isVisible()).toBe(false);
    await page.context().close();
  });

  it("opens a dropdown with a tap on a touch screen and closes it with a second tap", async () => {
    const { page } = await open("/", { hasTouch: true, viewport: { width: 1024, height: 768 } });
    const services = navTrigger(page, "Services");
    await services.tap();
    await expect.poll(() => navLink(page, "Online Payment Gateways").isVisible()).toBe(true);
    await page.waitForTimeout(500);
    expect(await navLink(page, "Online Payment Gateways").isVisible()).toBe(true);
    await services.tap();
    await expect.poll(() => navLink(page, "Online Payment Gateways").isVisible()).toBe(false);
    await services.tap();
    await navLink(page, "Online Payment Gateways").tap();
    await page.waitForURL("**/services/online-gateways");
    await expect.poll(() => navLink(page, "Online Payment Gateways").isVisible()).toBe(false);
    await page.context().close();
  });

  it("toggles a dropdown with Space and walks into it with Tab; focus leaving closes it", async () => {
    const { page } = await open("/");
    await navTrigger(page, "Services").focus();
    await page.keyboard.press("Space");
    await expect.poll(() => navLink(page, "Services overview").isVisible()).toBe(true);
    for (let i = 0; i < 5; i++) await page.keyboard.press("Tab");
    // Past the four links: on Industries, and the Services list has closed.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Industries");
    await expect.poll(() => navLink(page, "Services overview").isVisible()).toBe(false);
    await page.context().close();
  });

  it("highlights the active item by path prefix, with the /blog and /meet-{name} rules", async () => {
    const { page } = await newPage(browser);
    const cases: Array<[string, string]> = [
      ["/services/mobile-payments", "Services"],
      ["/industries/retail", "Industries"],
      ["/resources/faq", "Resources"],
      ["/blog/anything", "Resources"],
      ["/meet-mark", "About"],
      ["/about", "About"],
      ["/contact", "Contact"],
    ];
    for (const [path, label] of cases) {
      await page.goto(server.url + path);
      // Closed dropdowns' links are in the page (hidden); only what shows counts here.
      const current = await page
        .getByRole("navigation", { name: "Main" })
        .locator('[aria-current="page"]:visible')
        .allTextContents();
      expect(
        current.map((t) => t.trim()),
        path,
      ).toEqual([label]);
    }
    await page.goto(server.url + "/");
    expect(await page.getByRole("navigation", { name: "Main" }).locator('[aria-current="page"]').count()).toBe(0);
    await page.context().close();
  });

  it("has a Get Free Analysis button that leads to /contact", async () => {
    const { page } = await open("/about");
    await page.getByRole("banner").getByRole("link", { name: "Get Free Analysis" }).click();
    await page.waitForURL("**/contact");
    await page.context().close();
  });
});

describe("mobile drawer", () => {
  it("opens on the right with the same links and closes when a link is chosen", async () => {
    const { page } = await open("/", { viewport: { width: 390, height: 844 } });
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await page.waitForTimeout(300); // slide-in animation
    const box = (await drawer.boundingBox())!;
    expect(Math.round(box.x + box.width)).toBe(390);
    expect(box.x).toBeGreaterThan(0);
    for (const name of [
      "Services",
      "Small Business Merchant Accounts",
      "Mobile Payment Options",
      "Online Payment Gateways",
      "Industries",
      "Resources",
      "About",
      "Meet Mark",
      "Contact",
      "Get Free Analysis",
    ]) {
      expect(await drawer.getByRole("link", { name, exact: true }).count(), name).toBe(1);
    }
    await drawer.getByRole("link", { name: "Industries", exact: true }).click();
    await page.waitForURL("**/industries");
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await page.context().close();
  });
});

describe("page behaviour", () => {
  it("scrolls to the top after navigating from a scrolled page", async () => {
    const { page } = await open("/about", { viewport: { width: 1024, height: 500 } });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.getByRole("contentinfo").getByRole("link", { name: "Services", exact: true }).click();
    await page.waitForURL("**/services");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.context().close();
  });

  it("shows 'Loading page...' while a slowed route loads, then the page", async () => {
    const { page } = await open("/");
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route(/\/industries\.data/, async (route) => {
      await gate;
      await route.continue();
    });
    await navLink(page, "Industries").click();
    await expect.poll(() => page.getByText("Loading page...").isVisible()).toBe(true);
    release();
    await page.waitForURL("**/industries");
    await expect.poll(() => page.getByText("Loading page...").count()).toBe(0);
    expect(await page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
    await page.context().close();
  });

  it("fades and slides pages in over 0.2 s between routes, without movement under reduced motion", async () => {
    // The keyed wrapper the site layout puts around each page.
    const read = (page: Page) =>
      page.evaluate(() => {
        const style = getComputedStyle(document.querySelector("#main > div")!);
        return { name: style.animationName, duration: style.animationDuration };
      });
    const visit = async (options: Parameters<typeof newPage>[1] = {}) => {
      const { page } = await open("/about", options);
      // The page a visit starts on is painted at once: its hero text is in the first frame.
      expect(await read(page)).toEqual({ name: "none", duration: "0s" });
      await navLink(page, "Industries").click();
      await page.waitForURL("**/industries");
      return page;
    };
    const normal = await visit();
    await expect.poll(() => read(normal)).toEqual({ name: "page-enter", duration: "0.2s" });
    await normal.context().close();

    const reduced = await visit({ reducedMotion: "reduce" });
    await expect.poll(() => read(reduced)).toEqual({ name: "page-fade", duration: "0.2s" });
    const keyframes = await reduced.evaluate(() =>
      [...document.styleSheets]
        .flatMap((s) => [...s.cssRules])
        .filter((r): r is CSSKeyframesRule => r instanceof CSSKeyframesRule && r.name === "page-fade")
        .map((r) => r.cssText)
        .join(""),
    );
    expect(keyframes).toContain("opacity");
    expect(keyframes).not.toContain("transform");
    await reduced.context().close();
  });
});

describe("footer", () => {
  it("shows the pledge, contact links, quick links, location, copyright and legal links", async () => {
    const { page } = await open("/");
    const footer = page.getByRole("contentinfo");
    expect(await footer.getByRole("heading", { name: "The Meritum Pledge" }).isVisible()).toBe(true);
    expect(await footer.getByRole("link", { name: "(800) 431-9848" }).getAttribute("href")).toBe("tel:+18004319848");
    expect(await footer.getByRole("link", { name: /@/ }).getAttribute("href")).toMatch(/^mailto:/);
    expect(await footer.getByRole("link", { name: /LinkedIn/ }).getAttribute("href")).toMatch(
      /^https:\/\/www\.linkedin\.com\//,
    );
    const quick = footer.getByRole("navigation", { name: "Quick Links" });
    expect((await quick.getByRole("link").allTextContents()).map((t) => t.trim())).toEqual([
      "Home",
      "About Us",
      "Services",
      "Resources",
      "Meet Mark",
      "Contact",
    ]);
    expect(await footer.getByText("Gilbert, Arizona").isVisible()).toBe(true);
    expect(await footer.getByText(/© 2025 Meritum\..*Licensed Payment Processor/).isVisible()).toBe(true);
    expect(await footer.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe("/privacy-policy");
    expect(await footer.getByRole("link", { name: "Terms of Service" }).getAttribute("href")).toBe("/terms-of-service");
    await page.context().close();
  });
});

describe("accessibility", () => {
  it("axe-core finds no violations on the home page", async () => {
    const { page, problems } = await open("/");
    const violations = await axeViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("axe-core finds no violations with a dropdown open", async () => {
    const { page } = await open("/");
    await navTrigger(page, "Services").click();
    await expect.poll(() => navLink(page, "Services overview").isVisible()).toBe(true);
    const violations = await axeViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await page.context().close();
  });

  it("names the destination of every 'Learn more' link on the home page in its text", async () => {
    const { page } = await open("/");
    const links = page.getByRole("link", { name: /^Learn more/ });
    const names = await links.evaluateAll((els) => els.map((el) => el.textContent?.trim()));
    expect(names).toEqual([
      "Learn more about Small Business Merchant Accounts",
      "Learn more about Mobile Payment Options",
      "Learn more about Online Payment Gateways",
    ]);
    expect(await page.getByRole("link", { name: "Learn more", exact: true }).count()).toBe(0);
    await page.context().close();
  });
});
