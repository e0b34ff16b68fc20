import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, waitForHydration } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let browser: Browser;
const postPath = "/resources/blog/how-to-read-a-merchant-statement";

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openPost(options: { clipboard: "allowed" | "blocked" }) {
  const { page, problems } = await newPage(browser);
  if (options.clipboard === "allowed") {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  } else {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", {
        value: { writeText: () => Promise.reject(new DOMException("Denied", "NotAllowedError")) },
      });
    });
  }
  await page.goto(server.url + postPath);
  await page.waitForLoadState("networkidle");
  await waitForHydration(page);
  return { page, problems };
}

const region = (page: Page) => page.getByRole("region", { name: /Notifications/ });
const toasts = (page: Page) => region(page).locator("li");

describe("toasts (spec section 9)", () => {
  it("shows at most one toast: a second replaces the first", async () => {
    const { page, problems } = await openPost({ clipboard: "allowed" });
    const copy = page.getByRole("button", { name: "Copy link" });
    await copy.click();
    await expect.poll(() => toasts(page).count()).toBe(1);
    await copy.click();
    await copy.click();
    await page.waitForTimeout(300);
    expect(await toasts(page).count()).toBe(1);
    expect(await toasts(page).first().textContent()).toContain("Link copied");
    expect(await toasts(page).first().getAttribute("data-variant")).toBe("default");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(server.url + postPath);
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("has a destructive variant, shown for 5 seconds, then dismissed", async () => {
    const { page } = await openPost({ clipboard: "blocked" });
    await page.getByRole("button", { name: "Copy link" }).click();
    const toast = toasts(page).first();
    await expect.poll(() => toast.textContent()).toContain("Couldn't copy the link");
    expect(await toast.getAttribute("data-variant")).toBe("destructive");
    await page.mouse.move(0, 0); // hovering the region would pause the timer
    await page.waitForTimeout(3500);
    expect(await toast.isVisible()).toBe(true);
    await expect.poll(() => toasts(page).count(), { timeout: 8000 }).toBe(0);
    await page.context().close();
  });

  it("F8 focuses the notification region on a fresh page, before any toast", async () => {
    for (const path of ["/", "/contact"]) {
      const { page } = await newPage(browser);
      await page.goto(server.url + path);
      await page.waitForLoadState("networkidle");
      await page.locator("body").click({ position: { x: 5, y: 300 } });
      await page.keyboard.press("F8");
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest("[role=region]")?.getAttribute("aria-label")))
        .toBe("Notifications (F8)");
      // The toast code itself has not been fetched.
      const scripts = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name));
      expect(scripts.filter((name) => /\/toaster-[^/]*\.js$/.test(name))).toEqual([]);
      await page.context().close();
    }
  });

  it("F8 moves focus to the notification region", async () => {
    const { page } = await openPost({ clipboard: "allowed" });
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect.poll(() => toasts(page).count()).toBe(1);
    await page.locator("body").click({ position: { x: 5, y: 300 } });
    await page.keyboard.press("F8");
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.closest("[role=region]")?.getAttribute("aria-label") ?? ""),
      )
      .toMatch(/Notifications/);
    await page.context().close();
  });

  it("swiping right past 50 px dismisses; a shorter swipe does not", async () => {
    const { page } = await openPost({ clipboard: "allowed" });
    await page.getByRole("button", { name: "Copy link" }).click();
    const toast = toasts(page).first();
    await expect.poll(() => toast.isVisible()).toBe(true);
    await page.waitForTimeout(300); // let the slide-in finish
    const swipe = async (dx: number) => {
      const box = (await toast.boundingBox())!;
      const y = box.y + box.height / 2;
      const x = box.x + 40;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + dx, y, { steps: 10 });
      await page.mouse.up();
    };
    await swipe(30);
    await page.waitForTimeout(400);
    expect(await toast.isVisible()).toBe(true);
    await swipe(120);
    await expect.poll(() => toasts(page).count()).toBe(0);
    await page.context().close();
  });
});
