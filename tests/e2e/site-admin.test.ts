import path from "node:path";
import sharp from "sharp";
import type { Browser, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff, PASSWORD } from "../support/auth";
import {
  axeViolations,
  formatViolations,
  releaseBrowser,
  sharedBrowser,
  newPage,
  waitForScripts,
  type PageProblems,
  signInAs,
} from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";

/**
 * The FAQ, industries, media and settings screens in Chromium, as staff use them: reorder
 * FAQ questions with the keyboard and see the public FAQ follow, change the phone number and
 * see the footer show it, upload an image; axe-core on every screen at 1280 and 390 px.
 */
const SERVER = { timeout: 15_000 };
const SHOTS = process.env.SCREENSHOT_DIR;

describe("content-site admin screens in Chromium", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let problems: PageProblems;

  async function expectAccessible(label: string) {
    const violations = await axeViolations(page);
    expect(violations, `${label}:\n${formatViolations(violations)}`).toEqual([]);
  }
  async function shot(name: string) {
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  }
  const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), sharedBrowser()]);
    await createStaff(server, "owner@meritum.test", "admin");
    ({ page, problems } = await newPage(browser));
    await signInAs(page, server.url, "owner@meritum.test", PASSWORD);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  it("reorders FAQ questions by keyboard, keeps focus on the moved one, announces it, and the public FAQ follows", async () => {
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "FAQ items" }).click();
    const list = page.getByRole("list", { name: "Questions in Pricing and fees" });
    await list.getByRole("listitem").first().waitFor(SERVER);
    const questions = async () => (await list.locator("li p.font-medium").allTextContents()).map((t) => t.trim());
    const before = await questions();
    expect(before.length).toBeGreaterThan(2);
    await shot("faq-1280");
    await expectAccessible("/admin/faq-items");

    // Move the second question up with the keyboard: focus the button, press Enter.
    const second = before[1]!;
    await page.getByRole("button", { name: `Move up: ${second}` }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(questions, SERVER).toEqual([second, before[0], ...before.slice(2)]);
    // Now first: its Move up is disabled, so the focus moved to its Move down.
    await expect.poll(focusedLabel, SERVER).toBe(`Move down: ${second}`);
    const status = page.getByRole("region", { name: "Pricing and fees" }).getByRole("status").first();
    await expect
      .poll(() => status.textContent(), SERVER)
      .toBe(`“${second}” moved to position 1 of ${before.length} in Pricing and fees.`);
    // Down twice with the focus kept on the same question.
    await page.keyboard.press("Enter");
    await expect.poll(questions, SERVER).toEqual([before[0], second, ...before.slice(2)]);
    await expect.poll(focusedLabel, SERVER).toBe(`Move down: ${second}`);
    await page.keyboard.press("Enter");
    await expect.poll(questions, SERVER).toEqual([before[0], before[2], second, ...before.slice(3)]);
    await expect.poll(focusedLabel, SERVER).toBe(`Move down: ${second}`);

    // The public FAQ follows (after the save has landed).
    await expect
      .poll(async () => {
        const res = await fetch(`${server.url}/resources/faq`);
        const html = await res.text();
        return [before[0], before[2], second].map((q) => html.indexOf(`>${q}<`));
      }, SERVER)
      .toSatisfy((positions: number[]) => positions.every((p, i) => p > 0 && (i === 0 || p > positions[i - 1]!)));
    await page.goto(`${server.url}/resources/faq`);
    await waitForScripts(page);
    const section = page.locator("section#category-pricing-and-fees");
    const publicOrder = (await section.getByRole("button").allTextContents()).map((t) => t.trim()).slice(0, 3);
    expect(publicOrder).toEqual([before[0], before[2], second]);
  });

  it("quick moves while the list reloads slowly build on each other: screen, server and public FAQ agree", async () => {
    await page.goto(`${server.url}/admin/faq-items`);
    await waitForScripts(page);
    const list = page.getByRole("list", { name: "Questions in Pricing and fees" });
    await list.getByRole("listitem").first().waitFor(SERVER);
    const questions = async () => (await list.locator("li p.font-medium").allTextContents()).map((t) => t.trim());
    const before = await questions();
    expect(before.length).toBe(4);
    const [moved, ...rest] = before as [string, ...string[]];
    const expected = [...rest, moved];

    // Slow saves and slower-than-a-key-press reloads: each reload (started when the previous
    // move is saved) is still on its way when the next key press comes, and it answers while
    // that move is still being saved, with the order from before it.
    const isList = (url: string) => new URL(url).pathname === "/api/admin/faq-items";
    const isReorder = (url: string) => new URL(url).pathname === "/api/admin/faq-items/reorder";
    await page.route(
      (url) => isList(url.href) || isReorder(url.href),
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, route.request().method() === "GET" ? 300 : 900));
        await route.continue().catch(() => undefined);
      },
    );
    try {
      await page.getByRole("button", { name: `Move down: ${moved}` }).focus();
      let reload: Request | undefined;
      for (let step = 1; step <= 3; step++) {
        const reloadStarted = page.waitForRequest((req) => req.method() === "GET" && isList(req.url()), SERVER);
        await page.keyboard.press("Enter");
        reload = await reloadStarted;
        // Still on the moved question; at the bottom its Move down is disabled, so Move up.
        expect(await focusedLabel()).toBe(`${step === 3 ? "Move up" : "Move down"}: ${moved}`);
      }
      await expect.poll(questions, SERVER).toEqual(expected);
      // Once the last reload has answered (and been drawn), nothing has moved back and the
      // focus is still there.
      await reload!.response();
      await page.waitForTimeout(300);
      expect(await questions()).toEqual(expected);
      expect(await focusedLabel()).toBe(`Move up: ${moved}`);
    } finally {
      await page.unrouteAll({ behavior: "ignoreErrors" });
    }

    const saved = await page.evaluate(async () => {
      const res = await fetch("/api/admin/faq-items", { credentials: "include" });
      const body = (await res.json()) as { items: { question: string; category: string }[] };
      return body.items.filter((item) => item.category === "Pricing and fees").map((item) => item.question);
    });
    expect(saved).toEqual(expected);
    const html = await (await fetch(`${server.url}/resources/faq`)).text();
    const positions = expected.map((q) => html.indexOf(`>${q}<`));
    expect(positions.every((p, i) => p > 0 && (i === 0 || p > positions[i - 1]!))).toBe(true);
    expect(problems.errors).toEqual([]);
  });

  it("adds a question with a Markdown preview; it appears on the public FAQ", async () => {
    await page.goto(`${server.url}/admin/faq-items`);
    await waitForScripts(page);
    await page.getByRole("button", { name: "Add a question" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a question" });
    await dialog.getByLabel("Question").fill("Do you support tap to pay?");
    expect(await dialog.getByLabel("Link name (slug)").inputValue()).toBe("do-you-support-tap-to-pay");
    await dialog.getByLabel("Category").fill("Equipment");
    await dialog.getByLabel("Answer", { exact: true }).fill("Yes: **every** terminal we sell takes tap to pay.");
    await dialog.getByRole("tab", { name: "Preview" }).click();
    await expect.poll(() => dialog.locator(".prose-content strong").textContent(), SERVER).toBe("every");
    await shot("faq-dialog-1280");
    await expectAccessible("/admin/faq-items add dialog");
    await dialog.getByRole("button", { name: "Add question" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached", ...SERVER });
    await page.getByRole("button", { name: "Edit: Do you support tap to pay?" }).waitFor(SERVER);
    const html = await (await fetch(`${server.url}/resources/faq`)).text();
    expect(html).toContain("Do you support tap to pay?");
    expect(problems.errors).toEqual([]);
  });

  it("an admin changes the phone number and the footer shows it on the next page", async () => {
    await page.goto(`${server.url}/admin/settings`);
    await waitForScripts(page);
    const phone = page.getByLabel("Phone", { exact: true });
    await phone.waitFor(SERVER);
    await shot("settings-1280");
    await expectAccessible("/admin/settings");
    // A bad value is refused beside its field, with the focus on it.
    await phone.fill("12");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect
      .poll(() => page.locator("#settings-phone-error").textContent(), SERVER)
      .toBe("The phone number needs at least 7 characters.");
    // The error's toast can sit over the button (and stays while the pointer rests on it): close it, as a person would.
    const errorToast = page.getByRole("region", { name: /Notifications/ }).locator("li");
    await expect.poll(() => errorToast.count(), SERVER).toBe(1);
    await errorToast.getByRole("button", { name: "Dismiss notification" }).click();
    await expect.poll(() => errorToast.count(), SERVER).toBe(0);
    await phone.fill("(480) 555-0177");
    await page.getByRole("button", { name: "Save settings" }).click();
    const toast = page
      .getByRole("region", { name: /Notifications/ })
      .locator("li")
      .first();
    await expect.poll(() => toast.textContent(), SERVER).toContain("Settings saved");
    await page.goto(`${server.url}/`);
    await waitForScripts(page);
    const footer = page.getByRole("contentinfo");
    expect(await footer.textContent()).toContain("(480) 555-0177");
    expect(await footer.getByRole("link", { name: /480\) 555-0177/ }).getAttribute("href")).toBe("tel:+14805550177");
  });

  it("edits an industry page in its dialog", async () => {
    await page.goto(`${server.url}/admin/industries`);
    await waitForScripts(page);
    const edit = page.getByRole("button", { name: /^Edit: / }).first();
    await edit.waitFor(SERVER);
    await shot("industries-1280");
    await expectAccessible("/admin/industries");
    await edit.click();
    const dialog = page.getByRole("dialog");
    const summary = dialog.getByLabel("Summary");
    await summary.fill("Fast, fair card processing for this industry, set up in a day.");
    await shot("industry-dialog-1280");
    await expectAccessible("/admin/industries dialog");
    await dialog.getByRole("button", { name: "Save industry" }).click();
    await dialog.waitFor({ state: "detached", ...SERVER });
    const link = await page.getByRole("cell").getByRole("link").first().getAttribute("href");
    const html = await (await fetch(`${server.url}${link}`)).text();
    expect(html).toContain("Fast, fair card processing for this industry, set up in a day.");
  });

  it("checks an industry's slug as you type and asks before unsaved changes are lost", async () => {
    await page.goto(`${server.url}/admin/faq-items`);
    await waitForScripts(page);
    // Arrive in the app (not by a page load), so going back is an in-app navigation.
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Industries" }).click();
    const links = page.getByRole("cell").getByRole("link");
    await links.nth(1).waitFor(SERVER);
    const otherSlug = (await links.nth(1).getAttribute("href"))!.replace("/industries/", "");
    await page
      .getByRole("button", { name: /^Edit: / })
      .first()
      .click();
    const dialog = page.getByRole("dialog").first();
    const slug = dialog.getByLabel("Slug");
    const ownSlug = await slug.inputValue();
    await slug.fill(otherSlug);
    await dialog.getByText("Another industry already uses that slug.").waitFor(SERVER);
    await slug.fill(ownSlug);
    await dialog.getByText("Available").waitFor(SERVER);

    await dialog.getByLabel("Summary").fill("Words typed and not saved.");
    // Closing or reloading the tab asks the browser's question.
    expect(
      await page.evaluate(() => {
        const event = new Event("beforeunload", { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      }),
    ).toBe(true);
    // Going back in the app is held until the person says so.
    await page.evaluate(() => history.back());
    const leave = page.getByRole("alertdialog", { name: "Leave without saving?" });
    await leave.waitFor(SERVER);
    await leave.getByRole("button", { name: "Cancel" }).click();
    await leave.waitFor({ state: "detached", ...SERVER });
    expect(new URL(page.url()).pathname).toBe("/admin/industries");
    expect(await dialog.getByLabel("Summary").inputValue()).toBe("Words typed and not saved.");
    // Closing the dialog asks too; closing without saving keeps the page as it was.
    await page.keyboard.press("Escape");
    const close = page.getByRole("alertdialog", { name: "Close without saving?" });
    await close.waitFor(SERVER);
    await expectAccessible("/admin/industries close confirmation");
    await close.getByRole("button", { name: "Close without saving" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached", ...SERVER });
    const html = await (await fetch(`${server.url}/industries/${ownSlug}`)).text();
    expect(html).not.toContain("Words typed and not saved.");
    // The slug check answered 409 once on purpose (a taken slug); nothing else may fail.
    expect(problems.errors.filter((e) => !e.includes("status of 409"))).toEqual([]);
    problems.errors.length = 0;
  });

  it("uploads an image with a description and progress; it is listed and served", async () => {
    await page.goto(`${server.url}/admin/media`);
    await waitForScripts(page);
    await page.getByText("No images yet").waitFor(SERVER);
    await expectAccessible("/admin/media empty");
    const bytes = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#1d4f91" } })
      .jpeg()
      .toBuffer();
    await page
      .getByLabel("Choose an image")
      .setInputFiles({ name: "counter.jpg", mimeType: "image/jpeg", buffer: bytes });
    // Without a description nothing is sent.
    await page.getByRole("button", { name: "Upload image" }).click();
    await expect
      .poll(() => page.getByText("Describe the image for people who cannot see it (alt text).").count(), SERVER)
      .toBe(1);
    await page.getByLabel("Description (alt text)").fill("Card terminal on a shop counter");
    await page.getByRole("button", { name: "Upload image" }).click();
    const list = page.getByRole("list", { name: "Uploaded images" });
    await list.getByText("counter.jpg").waitFor(SERVER);
    expect(await list.getByText("1200 × 800 px").count()).toBe(1);
    const img = list.locator("img").first();
    expect(await img.getAttribute("alt")).toBe("Card terminal on a shop counter");
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), SERVER)
      .toBe(true);
    await shot("media-1280");
    await expectAccessible("/admin/media with an image");
    expect(problems.errors).toEqual([]);
  });

  it("inserts the uploaded image into an industry page from the media library; the page shows it responsive", async () => {
    await page.goto(`${server.url}/admin/industries`);
    await waitForScripts(page);
    await page
      .getByRole("button", { name: /^Edit: / })
      .first()
      .click();
    const dialog = page.getByRole("dialog").first();
    const body = dialog.getByLabel("Body", { exact: true });
    await body.waitFor(SERVER);
    await body.focus();
    await page.keyboard.press("Control+End");
    await dialog.getByRole("button", { name: "Insert image" }).click();
    const picker = page.getByRole("dialog", { name: "Insert an image" });
    await picker.getByRole("button", { name: "Use: Card terminal on a shop counter" }).click(SERVER);
    await picker.waitFor({ state: "detached", ...SERVER });
    expect(await body.inputValue()).toMatch(
      /!\[Card terminal on a shop counter\]\(\/media\/[0-9a-f-]{36}\/original\)\n\n$/,
    );
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName), SERVER).toBe("TEXTAREA");
    await dialog.getByRole("button", { name: "Save industry" }).click();
    await dialog.waitFor({ state: "detached", ...SERVER });
    const link = await page.getByRole("cell").getByRole("link").first().getAttribute("href");
    await page.goto(`${server.url}${link}`);
    await waitForScripts(page);
    const img = page.locator("main picture img[alt='Card terminal on a shop counter']");
    expect(await img.getAttribute("width")).toBe("1200");
    expect(await img.getAttribute("loading")).toBe("lazy");
    expect(await page.locator("main picture source[type='image/avif']").getAttribute("srcset")).toMatch(
      /480\.avif 480w/,
    );
    // Lazy: it loads once scrolled to, from one of the variants.
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), SERVER)
      .toBe(true);
    expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(
      /\/media\/[0-9a-f-]{36}\/\d+\.(avif|webp)$/,
    );
    expect(problems.errors).toEqual([]);
  });

  it("gives a published post a cover image from the media library; the post and the blog cards show it", async () => {
    await page.goto(`${server.url}/admin/blog-posts`);
    await waitForScripts(page);
    const first = page.getByRole("row").nth(1).getByRole("link").first();
    await first.waitFor(SERVER);
    const title = (await first.textContent())!.trim();
    await first.click();
    await page.getByRole("heading", { name: "Edit post" }).waitFor(SERVER);
    await page.getByRole("button", { name: "Choose image" }).click();
    const picker = page.getByRole("dialog", { name: "Choose a cover image" });
    await picker.getByRole("button", { name: "Use: Card terminal on a shop counter" }).click(SERVER);
    await picker.waitFor({ state: "detached", ...SERVER });
    await page.locator("[data-slot=cover-image] img[alt='Card terminal on a shop counter']").waitFor(SERVER);
    await shot("post-cover-1280");
    await page.getByRole("button", { name: "Update" }).first().click();
    const toast = page
      .getByRole("region", { name: /Notifications/ })
      .locator("li")
      .first();
    await expect.poll(() => toast.textContent(), SERVER).toMatch(/saved|updated|published/i);

    await page.goto(`${server.url}/resources/blog`);
    await waitForScripts(page);
    const card = page.locator("article", { hasText: title }).first();
    expect(await card.locator("picture img").getAttribute("width")).toBe("1200");
    const slug = (await card.getByRole("link").first().getAttribute("href"))!;
    await page.goto(`${server.url}${slug}`);
    await waitForScripts(page);
    const cover = page.locator("main picture img").first();
    expect(await cover.getAttribute("alt")).toBe("Card terminal on a shop counter");
    expect(await cover.getAttribute("loading")).toBe("eager");
    expect(await cover.getAttribute("height")).toBe("800");
    await shot("post-page-cover-1280");
    expect(problems.errors).toEqual([]);
  });

  it("has no axe violations on these screens at 390 px", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const screen of ["faq-items", "industries", "media", "settings"]) {
      await page.goto(`${server.url}/admin/${screen}`);
      await waitForScripts(page);
      await page.locator("main h2").first().waitFor(SERVER);
      await shot(`${screen}-390`);
      await expectAccessible(`/admin/${screen} at 390 px`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
