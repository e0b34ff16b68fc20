import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axeViolations,
  formatViolations,
  releaseBrowser,
  sharedBrowser,
  newPage,
  waitForScripts,
} from "../support/browser";
import { keepFromPool } from "../support/context-pool";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let browser: Browser;
const postPath = "/resources/blog/how-to-read-a-merchant-statement";

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), sharedBrowser()]);
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

/**
 * Records, in the page, what a screen reader would hear (the text of every live region, with its
 * role and politeness) and how each toast left the screen (its state and swipe when it closed).
 */
function recordAnnouncements() {
  const heard: string[] = [];
  const closings: string[] = [];
  Object.assign(window, { heard, closings });
  new MutationObserver((mutations) => {
    for (const el of document.querySelectorAll("[aria-live]")) {
      const text = el.textContent?.trim();
      const entry = `${el.getAttribute("role")} ${el.getAttribute("aria-live")}: ${text}`;
      if (text && !heard.includes(entry)) heard.push(entry);
    }
    for (const m of mutations) {
      const el = m.target as HTMLElement;
      if (
        m.type === "attributes" &&
        el.tagName === "LI" &&
        el.dataset.state === "closed" &&
        m.attributeName === "data-state"
      )
        closings.push(`closed, swipe ${el.dataset.swipe ?? "none"}`);
    }
  }).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ["data-state"],
  });
}

/**
 * Opens the post. `clock`: the page's timers and Date are Playwright's (page.clock), still
 * running with real time, so the tests can move the toast's 5 s on at once (fastForward)
 * instead of waiting them out.
 */
async function openPost(options: { clipboard: "allowed" | "blocked"; hash?: string; width?: number; clock?: true }) {
  const { page, problems } = await newPage(browser, { viewport: { width: options.width ?? 1280, height: 900 } });
  if (options.clock) {
    // The fake clock stays with the context (Playwright has no uninstall): it is not used again.
    keepFromPool(page.context());
    await page.clock.install();
  }
  if (options.clipboard === "allowed") {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  } else {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", {
        value: { writeText: () => Promise.reject(new DOMException("Denied", "NotAllowedError")) },
      });
    });
  }
  await page.addInitScript(recordAnnouncements);
  await page.goto(server.url + postPath + (options.hash ?? ""));
  await waitForScripts(page);
  return { page, problems };
}

const region = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });
const toasts = (page: Page) => region(page).locator("li");
const copyLink = (page: Page) => page.getByRole("button", { name: "Copy link" }).click();
const heard = (page: Page) => page.evaluate(() => (window as unknown as { heard: string[] }).heard);
const closings = (page: Page) => page.evaluate(() => (window as unknown as { closings: string[] }).closings);
const focusedRegion = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest("[role=region]")?.getAttribute("aria-label") ?? null);

/** Waits for one toast, fully slid in, and gives it back. */
async function shownToast(page: Page) {
  await expect.poll(() => toasts(page).count()).toBe(1);
  const toast = toasts(page).first();
  await expect.poll(() => toast.evaluate((el) => el.getAnimations().length)).toBe(0);
  return toast;
}

describe("toasts on a public page (spec section 9)", () => {
  it("copies the page's address without its #fragment, in a default toast a screen reader hears politely", async () => {
    const { page, problems } = await openPost({ clipboard: "allowed", hash: "#fees" });
    await copyLink(page);
    const toast = await shownToast(page);
    expect(await toast.innerText()).toContain("Link copied");
    expect(await toast.innerText()).toContain("Paste it into an e-mail or message to share this page.");
    expect(await toast.getAttribute("data-variant")).toBe("default");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(server.url + postPath);
    await expect
      .poll(() => heard(page))
      .toContain("status polite: Notification, Link copied, Paste it into an e-mail or message to share this page.");
    const violations = await axeViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("shows at most one toast: a new one replaces the one on screen", async () => {
    const { page } = await openPost({ clipboard: "allowed" });
    await copyLink(page);
    await copyLink(page);
    await copyLink(page);
    await shownToast(page);
    expect(await toasts(page).count()).toBe(1);
    // Now the clipboard refuses: the destructive toast takes the default one's place.
    await page.evaluate(() =>
      Object.defineProperty(navigator.clipboard, "writeText", {
        value: () => Promise.reject(new DOMException("Denied", "NotAllowedError")),
      }),
    );
    await copyLink(page);
    await expect.poll(() => toasts(page).first().innerText()).toContain("Couldn't copy the link");
    expect(await toasts(page).count()).toBe(1);
    expect(await toasts(page).first().getAttribute("data-variant")).toBe("destructive");
    await page.context().close();
  });

  it("has a destructive variant, heard assertively, shown for 5 seconds, then gone", async () => {
    const { page, problems } = await openPost({ clipboard: "blocked", clock: true });
    await page.mouse.move(0, 0); // a pointer over the region would pause the timer
    await copyLink(page);
    const toast = await shownToast(page);
    await page.clock.fastForward(4000);
    expect(await toast.isVisible()).toBe(true);
    await page.clock.fastForward(1500);
    await expect.poll(() => toasts(page).count()).toBe(0);
    expect(await closings(page)).toEqual(["closed, swipe none"]);

    await copyLink(page);
    const again = await shownToast(page);
    expect(await again.innerText()).toContain("Couldn't copy the link");
    expect(await again.innerText()).toContain("Your browser blocked the clipboard.");
    expect(await again.getAttribute("data-variant")).toBe("destructive");
    await expect
      .poll(() => heard(page))
      .toContain(
        "status assertive: Notification, Couldn't copy the link, Your browser blocked the clipboard. Copy the address from the address bar instead.",
      );
    const violations = await axeViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("pauses the 5 seconds while the pointer is over the toast", async () => {
    const { page } = await openPost({ clipboard: "allowed", clock: true });
    await copyLink(page);
    const toast = await shownToast(page);
    await toast.hover();
    await page.clock.fastForward(5500);
    expect(await toasts(page).count()).toBe(1);
    expect(await toast.getAttribute("data-state")).toBe("open");
    await page.mouse.move(0, 0);
    await page.clock.fastForward(5500);
    await expect.poll(() => toasts(page).count()).toBe(0);
    await page.context().close();
  });

  it("pauses the 5 seconds while the window is in the background", async () => {
    const { page } = await openPost({ clipboard: "allowed", clock: true });
    await page.mouse.move(0, 0);
    await copyLink(page);
    await shownToast(page);
    // Headless Chromium keeps every page focused: send what the browser sends when the visitor
    // switches to another window, and back.
    await page.evaluate(() => window.dispatchEvent(new FocusEvent("blur")));
    await page.clock.fastForward(5500);
    expect(await toasts(page).count()).toBe(1);
    await page.evaluate(() => window.dispatchEvent(new FocusEvent("focus")));
    await page.clock.fastForward(5500);
    await expect.poll(() => toasts(page).count()).toBe(0);
    await page.context().close();
  });

  it("F8 focuses the region and pauses the toast; Tab reaches it and its close button; Escape and the button close it", async () => {
    const { page } = await openPost({ clipboard: "allowed", clock: true });
    await page.mouse.move(0, 0);
    await copyLink(page);
    const toast = await shownToast(page);
    await page.keyboard.press("F8");
    expect(await focusedRegion(page)).toBe("Notifications (F8)");
    await page.clock.fastForward(5500);
    expect(await toasts(page).count()).toBe(1); // focus in the region holds it
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("LI");
    await page.keyboard.press("Tab");
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
    expect(await focusedName()).toBe("Dismiss notification");
    expect(await toast.evaluate((el) => getComputedStyle(el.querySelector("button")!).outlineStyle)).not.toBe("none");
    await page.keyboard.press("Enter");
    await expect.poll(() => toasts(page).count()).toBe(0);
    expect(await focusedRegion(page)).toBe("Notifications (F8)"); // focus is not lost to the page's top

    // Escape on the toast closes it.
    await copyLink(page);
    await shownToast(page);
    await page.keyboard.press("F8");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect.poll(() => toasts(page).count()).toBe(0);

    // So does Escape elsewhere on the page, as with the admin's toasts.
    await copyLink(page);
    await shownToast(page);
    await page.keyboard.press("Escape");
    await expect.poll(() => toasts(page).count()).toBe(0);

    // The close button, clicked.
    await copyLink(page);
    await shownToast(page);
    await region(page).getByRole("button", { name: "Dismiss notification" }).click();
    await expect.poll(() => toasts(page).count()).toBe(0);
    await page.context().close();
  });

  it("a swipe right of 50 px or less snaps back; past 50 px it dismisses the toast, sliding it away", async () => {
    const { page } = await openPost({ clipboard: "allowed" });
    await copyLink(page);
    const toast = await shownToast(page);
    const restingX = (await toast.boundingBox())!.x;
    const swipe = async (dx: number, during?: () => Promise<void>) => {
      const box = (await toast.boundingBox())!;
      const y = box.y + box.height / 2;
      const x = box.x + 40;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + dx, y, { steps: 10 });
      await during?.();
      await page.mouse.up();
    };
    // The toast follows the pointer, then comes back.
    await swipe(45, async () => {
      expect((await toast.boundingBox())!.x).toBeCloseTo(restingX + 45, 0);
    });
    await expect.poll(async () => Math.round((await toast.boundingBox())!.x)).toBe(Math.round(restingX));
    expect(await toasts(page).count()).toBe(1);
    expect(await toast.getAttribute("data-state")).toBe("open");
    await swipe(50);
    await expect.poll(async () => Math.round((await toast.boundingBox())!.x)).toBe(Math.round(restingX));
    expect(await toasts(page).count()).toBe(1);
    expect(await closings(page)).toEqual([]);

    await swipe(60);
    await expect.poll(() => toasts(page).count()).toBe(0);
    expect(await closings(page)).toEqual(["closed, swipe end"]);
    await page.context().close();
  });

  it("F8 focuses the notifications region on a fresh page, before any toast", async () => {
    for (const path of ["/", "/contact", postPath, "/login"]) {
      const { page } = await newPage(browser);
      await page.goto(server.url + path);
      await waitForScripts(page);
      await page.locator("body").click({ position: { x: 5, y: 300 } });
      await page.keyboard.press("F8");
      await expect.poll(() => focusedRegion(page), { message: path }).toBe("Notifications (F8)");
      // Nothing of the admin's Radix toaster is fetched for it.
      const scripts = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name));
      expect(scripts.filter((name) => /\/toaster-[^/]*\.js$/.test(name))).toEqual([]);
      await page.context().close();
    }
  });
});
