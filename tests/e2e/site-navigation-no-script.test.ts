import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axeViolations,
  formatViolations,
  releaseBrowser,
  sharedBrowser,
  navLink,
  navTrigger,
  newPage,
  openPage,
  waitForScripts,
} from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";

/**
 * The public site's menus with JavaScript off and before the site's scripts have run (the rest
 * of the navigation's tests are in site-navigation.test.ts).
 */

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), sharedBrowser()]);
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const open = (path: string, options: Parameters<typeof newPage>[1] = {}) =>
  openPage(browser, server.url + path, options);

/**
 * The menus are the platform's (decision 0041): popovers the dropdown buttons toggle, and a modal
 * `<dialog>` the menu button opens with an invoker command. They work with JavaScript off, and on
 * a page whose scripts have not run yet (they start after the first paint, decision 0009).
 */
describe("menus without and before the script", () => {
  const phone = { width: 390, height: 844 };
  const desktop = { width: 1280, height: 900 };
  const enhanced = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute("data-enhanced"));

  /** Checks the two dropdowns: a click opens one, another's click or Escape or a press elsewhere closes it. */
  async function useDropdowns(page: Page) {
    const services = navTrigger(page, "Services");
    await services.click();
    await expect.poll(() => navLink(page, "Online Payment Gateways").isVisible()).toBe(true);
    // Under its button, not where the browser puts a popover by default (the middle of the screen).
    const button = (await services.boundingBox())!;
    const list = (await page.locator("#nav-services").boundingBox())!;
    expect(Math.round(list.x)).toBe(Math.round(button.x));
    expect(list.y).toBeGreaterThanOrEqual(button.y + button.height);
    expect(list.y).toBeLessThan(button.y + button.height + 16);
    // One open at a time.
    await navTrigger(page, "About").click();
    await expect.poll(() => navLink(page, "Meet Mark").isVisible()).toBe(true);
    expect(await navLink(page, "Online Payment Gateways").isVisible()).toBe(false);
    await page.keyboard.press("Escape");
    await expect.poll(() => navLink(page, "Meet Mark").isVisible()).toBe(false);
    await services.click();
    await expect.poll(() => navLink(page, "Services overview").isVisible()).toBe(true);
    // A press on the page, away from the list.
    await page.mouse.click(1100, 600);
    await expect.poll(() => navLink(page, "Services overview").isVisible()).toBe(false);
    // The button closes what it opened.
    await services.click();
    await expect.poll(() => navLink(page, "Services overview").isVisible()).toBe(true);
    await services.click();
    await expect.poll(() => navLink(page, "Services overview").isVisible()).toBe(false);
    await services.click();
    await navLink(page, "Mobile Payment Options").click();
    await page.waitForURL("**/services/mobile-payments");
    expect(await navLink(page, "Mobile Payment Options").isVisible()).toBe(false);
  }

  /** Checks the phone drawer: the menu button opens it; the close button, Escape, the backdrop and a link close it. */
  async function useDrawer(page: Page) {
    const menu = page.locator('header button[aria-label="Open menu"]');
    const drawer = page.getByRole("dialog", { name: "Menu" });
    const closeWays: Array<[string, () => Promise<void>]> = [
      ["close button", () => drawer.getByRole("button", { name: "Close menu" }).click()],
      ["Escape", () => page.keyboard.press("Escape")],
      ["backdrop", () => page.mouse.click(20, 400)],
    ];
    for (const [way, close] of closeWays) {
      await menu.click();
      await expect.poll(() => drawer.isVisible(), { message: way }).toBe(true);
      // Slid in from the right: its right edge is the screen's.
      await drawer.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
      const box = (await drawer.boundingBox())!;
      expect(Math.round(box.x + box.width), way).toBe(phone.width);
      expect(box.x, way).toBeGreaterThan(0);
      await close();
      await expect.poll(() => drawer.isVisible(), { message: way }).toBe(false);
    }
    await menu.click();
    await drawer.getByRole("link", { name: "Industries", exact: true }).click();
    await page.waitForURL("**/industries");
    expect(await drawer.isVisible()).toBe(false);
    await menu.click();
    await expect
      .poll(() => drawer.getByRole("link", { name: "Industries", exact: true }).getAttribute("aria-current"))
      .toBe("page");
  }

  // axe-core needs the page's JavaScript: it checks the open menus before the scripts have run (below).
  it("opens both dropdowns with JavaScript off", async () => {
    const { page } = await newPage(browser, { javaScriptEnabled: false, viewport: desktop });
    await page.goto(server.url + "/about");
    await useDropdowns(page);
    await page.context().close();
  });

  it("opens the phone drawer with JavaScript off", async () => {
    const { page } = await newPage(browser, { javaScriptEnabled: false, viewport: phone });
    await page.goto(server.url + "/about");
    await useDrawer(page);
    await page.context().close();
  });

  /** A page whose scripts are held back until `release()`: the state a visitor meets right after it appears. */
  async function beforeScripts(viewport: { width: number; height: number }) {
    const { page, problems } = await newPage(browser, { viewport });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js"),
      async (route) => {
        await gate;
        await route.continue().catch(() => {});
      },
    );
    await page.goto(server.url + "/about", { waitUntil: "domcontentloaded" });
    return { page, problems, release };
  }

  it("opens both dropdowns right after the page appears, before its scripts have run; axe-core passes", async () => {
    const { page, problems, release } = await beforeScripts(desktop);
    const services = navTrigger(page, "Services");
    await services.click();
    await expect.poll(() => navLink(page, "Services overview").isVisible()).toBe(true);
    expect(await enhanced(page)).toBe(false);
    await navTrigger(page, "About").click();
    await expect.poll(() => navLink(page, "Meet Mark").isVisible()).toBe(true);
    expect(await navLink(page, "Services overview").isVisible()).toBe(false);
    const violations = await axeViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    expect(await enhanced(page)).toBe(false);
    // When the scripts arrive they take over the open list: its button reports it.
    release();
    await waitForScripts(page);
    await expect.poll(() => navTrigger(page, "About").getAttribute("aria-expanded")).toBe("true");
    await expect.poll(() => services.getAttribute("aria-expanded")).toBe("false");
    await page.keyboard.press("Escape");
    await expect.poll(() => navLink(page, "Meet Mark").isVisible()).toBe(false);
    await expect.poll(() => navTrigger(page, "About").getAttribute("aria-expanded")).toBe("false");
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("opens the phone drawer right after the page appears, before its scripts have run; axe-core passes", async () => {
    const { page, problems, release } = await beforeScripts(phone);
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await page.locator('header button[aria-label="Open menu"]').click();
    await expect.poll(() => drawer.isVisible()).toBe(true);
    const violations = await axeViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    expect(await enhanced(page)).toBe(false);
    await drawer.getByRole("button", { name: "Close menu" }).click();
    await expect.poll(() => drawer.isVisible()).toBe(false);
    release();
    await waitForScripts(page);
    await page.context().close();
    expect(problems.errors).toEqual([]);
  });

  it("shows a compact Get Free Analysis button beside the menu button at 360 px", async () => {
    const { page } = await open("/about", { viewport: { width: 360, height: 740 } });
    const banner = page.getByRole("banner");
    const cta = banner.getByRole("link", { name: "Get Free Analysis" });
    const menu = banner.getByRole("button", { name: "Open menu" });
    const logo = banner.getByRole("link", { name: "Meritum home" });
    expect(await cta.isVisible()).toBe(true);
    expect(await menu.isVisible()).toBe(true);
    const [logoBox, ctaBox, menuBox] = await Promise.all(
      [logo, cta, menu].map(async (el) => (await el.boundingBox())!),
    );
    // Side by side in one row, inside the header's padding, nothing overlapping or cut off.
    expect(logoBox!.x + logoBox!.width).toBeLessThanOrEqual(ctaBox!.x);
    expect(ctaBox!.x + ctaBox!.width).toBeLessThanOrEqual(menuBox!.x);
    expect(menuBox!.x + menuBox!.width).toBeLessThanOrEqual(360 - 16);
    expect(Math.abs(ctaBox!.y + ctaBox!.height / 2 - (menuBox!.y + menuBox!.height / 2))).toBeLessThan(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    // Its text on one line, all of it shown.
    expect(await cta.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getClientRects().length === 1)).toBe(true);
    await cta.click();
    await page.waitForURL("**/contact");
    await page.context().close();
  });
});
