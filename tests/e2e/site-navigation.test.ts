import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
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
 * The public site's top navigation (app/components/site/desktop-nav.tsx, app/enhance/nav.ts) and
 * the phone drawer (app/components/site/mobile-nav.tsx, app/enhance/drawer.ts), decision 0037.
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
    // Resting the mouse on it opens it (the chevron turns); leaving closes it.
    const chevron = () => services.locator("svg").evaluate((el) => getComputedStyle(el).rotate);
    await services.hover();
    await expect.poll(() => overview.isVisible()).toBe(true);
    await expect.poll(() => services.getAttribute("aria-expanded")).toBe("true");
    await expect.poll(chevron).toBe("180deg");
    await page.mouse.move(640, 600);
    await expect.poll(() => overview.isVisible()).toBe(false);
    await expect.poll(() => services.getAttribute("aria-expanded")).toBe("false");
    await expect.poll(chevron).toBe("none");
    await services.hover();
    await expect.poll(() => overview.isVisible()).toBe(true);
    await services.click();
    // Longer than the hover delays: the menu must not flash and vanish.
    await page.waitForTimeout(500);
    expect(await overview.isVisible()).toBe(true);
    await expect.poll(() => services.getAttribute("aria-expanded")).toBe("true");
    // Moving the mouse away leaves a clicked menu open.
    await page.mouse.move(640, 600);
    await page.waitForTimeout(500);
    expect(await overview.isVisible()).toBe(true);
    await services.click();
    await expect.poll(() => overview.isVisible()).toBe(false);
    await expect.poll(() => services.getAttribute("aria-expanded")).toBe("false");
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

  it("is rendered closed by the server, with static ids, before any script runs", async () => {
    const { page } = await newPage(browser, { javaScriptEnabled: false });
    await page.goto(server.url + "/services/mobile-payments");
    for (const [label, id] of [
      ["Services", "nav-services"],
      ["About", "nav-about"],
    ] as const) {
      const trigger = navTrigger(page, label);
      expect(await trigger.getAttribute("aria-controls"), label).toBe(id);
      expect(await trigger.getAttribute("popovertarget"), label).toBe(id);
      // Without the script the browser exposes the popover's state on the button; a written one would go stale.
      expect(await trigger.getAttribute("aria-expanded"), label).toBeNull();
      expect(await page.locator(`#${id}`).getAttribute("popover"), label).toBe("auto");
      expect(await page.locator(`#${id}`).evaluate((el) => el.matches(":popover-open")), label).toBe(false);
    }
    // The page's place in the site, as the server renders it.
    expect(await navTrigger(page, "Services").getAttribute("aria-current")).toBe("page");
    expect(
      await page.locator("#nav-services a[aria-current='page']").evaluateAll((els) => els.map((a) => a.textContent)),
    ).toEqual(["Mobile Payment Options"]);
    await expect
      .poll(() => page.locator('header button[aria-label="Open menu"]').getAttribute("aria-expanded"))
      .toBe("false");
    expect(await page.locator("dialog#mobile-drawer").evaluate((el) => (el as HTMLDialogElement).open)).toBe(false);
    await page.context().close();
  });

  it("works on a page served from the page cache", async () => {
    const { page, problems } = await newPage(browser);
    await page.goto(server.url + "/industries");
    const response = await page.goto(server.url + "/industries");
    expect(response?.headers()["x-page-cache"]).toBe("hit");
    await waitForScripts(page);
    const services = navTrigger(page, "Services");
    await services.click();
    await expect.poll(() => navLink(page, "Online Payment Gateways").isVisible()).toBe(true);
    await expect.poll(() => services.getAttribute("aria-expanded")).toBe("true");
    await navTrigger(page, "About").hover();
    await expect.poll(() => navLink(page, "Meet Mark").isVisible()).toBe(true);
    expect(await navLink(page, "Online Payment Gateways").isVisible()).toBe(false);
    await page.keyboard.press("Escape");
    await expect.poll(() => navLink(page, "Meet Mark").isVisible()).toBe(false);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await drawer.getByRole("button", { name: "Close menu" }).click();
    await expect.poll(() => drawer.count()).toBe(0);
    expect(problems.errors).toEqual([]);
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
  const phone = { viewport: { width: 390, height: 844 } };
  const menuButton = (page: Page) => page.locator('header button[aria-label="Open menu"]');
  const focusedLabel = (page: Page) =>
    page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent);

  it("opens on the right with the same links and closes when a link is chosen", async () => {
    const { page, problems } = await open("/", phone);
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
    const menu = menuButton(page);
    await expect.poll(() => menu.getAttribute("aria-expanded")).toBe("false");
    await menu.click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await expect.poll(() => menu.getAttribute("aria-expanded")).toBe("true");
    // Focus moves into the drawer.
    await expect.poll(() => focusedLabel(page)).toBe("Close menu");
    // Once the slide-in has ended, its right edge is the screen's.
    await expect
      .poll(async () => {
        const box = (await drawer.boundingBox())!;
        return Math.round(box.x + box.width);
      })
      .toBe(390);
    expect((await drawer.boundingBox())!.x).toBeGreaterThan(0);
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
    await expect.poll(() => menu.getAttribute("aria-expanded")).toBe("false");
    // The new page marks where the visitor is.
    await menu.click();
    await expect
      .poll(() => drawer.getByRole("link", { name: "Industries", exact: true }).getAttribute("aria-current"))
      .toBe("page");
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("closes with its close button, Escape and a click on the backdrop, focus back on the menu button", async () => {
    const { page } = await open("/about", phone);
    const menu = menuButton(page);
    const drawer = page.getByRole("dialog", { name: "Menu" });
    const closeWays: Array<[string, () => Promise<void>]> = [
      ["close button", () => drawer.getByRole("button", { name: "Close menu" }).click()],
      ["Escape", () => page.keyboard.press("Escape")],
      // Left of the drawer: the dimmed page behind it.
      ["backdrop", () => page.mouse.click(20, 400)],
    ];
    for (const [way, close] of closeWays) {
      await menu.click();
      await expect.poll(() => drawer.isVisible(), { message: way }).toBe(true);
      await expect.poll(() => menu.getAttribute("aria-expanded"), { message: way }).toBe("true");
      // A click inside the drawer, off its controls, leaves it open. It waits for the 0.2 s slide-in:
      // during it, x = 370 can still be left of the drawer's edge, on the backdrop, which closes it.
      await drawer.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
      await page.mouse.click(370, 820);
      await close();
      await expect.poll(() => drawer.count(), { message: way }).toBe(0);
      // The dialog's `close` event, which sets it, comes a task after the dialog is closed.
      await expect.poll(() => menu.getAttribute("aria-expanded"), { message: way }).toBe("false");
      await expect.poll(() => focusedLabel(page), { message: way }).toBe("Open menu");
    }
    await page.context().close();
  });

  it("keeps Tab inside while open; the page behind is inert and does not scroll", async () => {
    const { page } = await open("/about", phone);
    const menu = menuButton(page);
    const drawer = page.getByRole("dialog", { name: "Menu" });
    const focusInDrawer = () =>
      page.evaluate(() => document.getElementById("mobile-drawer")!.contains(document.activeElement));
    const focusBehind = () =>
      page.evaluate(() => {
        const link = document.querySelector<HTMLElement>("footer a[href]")!;
        link.focus();
        return document.activeElement === link;
      });
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);

    const headerWidth = () => page.evaluate(() => document.querySelector("header")!.getBoundingClientRect().width);
    const widthWithScrollbar = await headerWidth();
    // A tap where the button is: locator.click() would first scroll the (sticky) header's natural place into view.
    const box = (await menu.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await expect.poll(focusInDrawer).toBe(true);
    // The close button and 11 links; going past them comes round to the start, both ways.
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press("Tab");
      expect(await focusInDrawer(), `Tab ${i + 1}`).toBe(true);
    }
    await drawer.getByRole("link", { name: "Get Free Analysis" }).focus();
    await page.keyboard.press("Tab");
    expect(await focusedLabel(page)).toBe("Close menu");
    await page.keyboard.press("Shift+Tab");
    expect((await focusedLabel(page))?.trim()).toBe("Get Free Analysis");
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await focusInDrawer(), `Shift+Tab ${i + 1}`).toBe(true);
    }

    // Nothing behind it takes focus or a click (the backdrop does), and the wheel does not move it.
    expect(await focusBehind()).toBe(false);
    expect(await page.evaluate(() => document.elementFromPoint(20, 400)?.id)).toBe("mobile-drawer");
    await page.mouse.move(20, 400);
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(300);
    // Its scrollbar gone, the page keeps its width: nothing behind shifts sideways.
    expect(await headerWidth()).toBe(widthWithScrollbar);

    // Closed, the same page takes focus and scrolls again.
    await page.keyboard.press("Escape");
    await expect.poll(() => drawer.count()).toBe(0);
    expect(await focusBehind()).toBe(true);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page.context().close();
  });

  it("slides in over 0.2 s, and not at all under reduced motion", async () => {
    const animation = async (reducedMotion: "reduce" | "no-preference") => {
      const { page } = await open("/", { ...phone, reducedMotion });
      await menuButton(page).click();
      await expect.poll(() => page.getByRole("dialog", { name: "Menu" }).isVisible()).toBe(true);
      const style = await page.evaluate(() => {
        const { animationName, animationDuration } = getComputedStyle(document.getElementById("mobile-drawer")!);
        return { animationName, animationDuration };
      });
      await page.context().close();
      return style;
    };
    expect(await animation("no-preference")).toEqual({ animationName: "drawer-in", animationDuration: "0.2s" });
    expect((await animation("reduce")).animationName).toBe("none");
  });
});
