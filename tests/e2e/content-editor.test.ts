import fs from "node:fs";
import sharp from "sharp";
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
  type PageProblems,
  signInAs,
} from "../support/browser";
import { moveScheduleForward } from "../support/clock";
import { startTestServer, type TestServer } from "../support/server";

/**
 * An editor runs a blog post's life in Chromium: writes it with a cover image uploaded on the
 * spot, saves a draft (not public),
 * previews it, schedules it for the next minute and sees it go live without a restart,
 * changes its slug (the old address answers 301), previews a change before saving it, is
 * warned before leaving with unsaved changes, and restores an earlier revision. axe-core checks the screens at 1280 and 390 px.
 */
const SERVER = { timeout: 20_000 };
const SHOTS = process.env.SCREENSHOTS ? ".tmp/shots" : null;

/** The next whole minute at least 20 s away, as Arizona wall-clock text for a datetime-local field. */
function nextMinuteInArizona(): { input: string; at: number } {
  const at = Math.ceil((Date.now() + 20_000) / 60_000) * 60_000;
  const local = new Date(at - 7 * 3_600_000).toISOString().slice(0, 16); // Arizona is UTC-7 all year
  return { input: local, at };
}

describe("the content editor in Chromium", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let problems: PageProblems;

  const status = (path: string) => fetch(`${server.url}${path}`, { redirect: "manual" });
  async function expectAccessible(label: string) {
    const violations = await axeViolations(page);
    expect(violations, `${label}:\n${formatViolations(violations)}`).toEqual([]);
  }
  async function shot(name: string) {
    if (!SHOTS) return;
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }
  const saveState = () => page.getByTestId("save-state").textContent();
  const COVER_ALT = "A café counter with a card terminal";
  /** The post page's cover as rendered: its alt text and the WebP srcset (one entry per width). */
  const coverOf = async (on: Page) => {
    const picture = on.locator("main picture", { has: on.locator(`img[alt="${COVER_ALT}"]`) }).first();
    await picture.waitFor(SERVER);
    return {
      srcset: (await picture.locator('source[type="image/webp"]').getAttribute("srcset")) ?? "",
      width: await picture.locator("img").getAttribute("width"),
    };
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), sharedBrowser()]);
    await createStaff(server, "ed@meritum.test", "editor");
    ({ page, problems } = await newPage(browser));
    await signInAs(page, server.url, "ed@meritum.test", PASSWORD);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  it("writes a post and saves a draft that is not public; drafts then save themselves", async () => {
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Blog posts" }).click();
    await page.getByRole("heading", { name: "All posts" }).waitFor();
    await page.getByRole("row").nth(1).waitFor();
    await shot("list-1280");
    await expectAccessible("blog post list at 1280");
    await page.getByRole("link", { name: "New post" }).click();
    await page.getByRole("heading", { name: "New post" }).waitFor();

    await page.getByRole("textbox", { name: "Title", exact: true }).fill("Chargebacks for cafés");
    expect(await page.getByLabel("Slug").inputValue()).toBe("chargebacks-for-cafes");
    await page.getByText("Available").waitFor(SERVER);
    await page.getByLabel("Excerpt").fill("What a chargeback costs a café and how to avoid one.");
    await page
      .getByRole("textbox", { name: "Body", exact: true })
      .fill("## Why it matters\n\nA first version of the body.");
    await page
      .getByRole("region", { name: "Body preview" })
      .getByRole("heading", { name: "Why it matters" })
      .waitFor(SERVER);
    await page.getByLabel("Category").fill("Chargebacks");
    await page.getByLabel("Search title").fill("Chargebacks for cafés: a short guide");
    await page.getByText("Chargebacks for cafés: a short guide | Meritum").waitFor();

    // The cover: uploaded on the spot from the picker, described, then shown in the field.
    await page.getByRole("button", { name: "Choose image" }).click();
    const picker = page.getByRole("dialog", { name: "Choose a cover image" });
    await picker.getByRole("tab", { name: "Upload new" }).click();
    const bytes = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#7a4b2a" } })
      .jpeg()
      .toBuffer();
    await picker
      .getByLabel("Choose an image")
      .setInputFiles({ name: "cafe.jpg", mimeType: "image/jpeg", buffer: bytes });
    await picker.getByLabel("Description (alt text)").fill(COVER_ALT);
    await picker.getByRole("button", { name: "Upload image" }).click();
    await picker.waitFor({ state: "detached", ...SERVER });
    await page.locator(`[data-slot=cover-image] img[alt="${COVER_ALT}"]`).waitFor(SERVER);
    await shot("editor-new-1280");
    await expectAccessible("new post editor at 1280");

    await page.getByRole("button", { name: "Save draft" }).first().click();
    await page.waitForURL(/\/admin\/blog-posts\/[0-9a-f-]{36}$/, SERVER);
    await page.getByRole("heading", { name: "Edit post" }).waitFor();
    await expect.poll(saveState, SERVER).toMatch(/^Saved/);
    expect((await status("/resources/blog/chargebacks-for-cafes")).status).toBe(404);

    // A taken slug is refused as you type. The autosave that tries it is answered only after the
    // slug has been changed back: its refusal must not mark the new slug as taken.
    let answerAutosave!: () => void;
    const autosaveHeld = new Promise<void>((resolve) => (answerAutosave = resolve));
    let autosaveSent = false;
    const savePath = /\/api\/admin\/blog-posts\/[0-9a-f-]{36}$/;
    await page.route(savePath, async (route) => {
      if (route.request().method() !== "PUT" || autosaveSent) return route.continue();
      autosaveSent = true;
      const refused = await route.fetch();
      await autosaveHeld;
      await route.fulfill({ response: refused });
    });
    await page.getByLabel("Slug").fill("how-to-avoid-chargebacks");
    await page.getByText("That slug is already used.").waitFor(SERVER);
    await expect.poll(() => autosaveSent, { message: "the autosave of the taken slug went out" }).toBe(true);
    await page.getByLabel("Slug").fill("chargebacks-for-cafes");
    answerAutosave();
    await page.getByText("Available").waitFor(SERVER);
    await page.unroute(savePath);

    await page
      .getByRole("textbox", { name: "Body", exact: true })
      .fill("## Why it matters\n\nA second version of the body.");
    await expect.poll(saveState, SERVER).toMatch(/Saving…|^Saved/);
    await expect.poll(saveState, SERVER).toMatch(/^Saved/);
    await page.reload();
    await waitForScripts(page);
    expect(await page.getByRole("textbox", { name: "Body", exact: true }).inputValue()).toContain("second version");
  });

  it("previews the draft at a staff-only address", async () => {
    const [preview] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByRole("link", { name: /^Preview/ }).click(),
    ]);
    await preview.getByText("This draft is not public.").waitFor(SERVER);
    await preview.getByRole("heading", { level: 1, name: "Chargebacks for cafés" }).waitFor();
    expect(await preview.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow");
    const cover = await coverOf(preview);
    expect(cover.width).toBe("1200");
    expect(cover.srcset).toMatch(/^\/media\/[0-9a-f-]+\/480\.webp 480w, .*960\.webp 960w/);
    await preview.close();
  });

  // Up to 80 s of waiting for the next whole minute (a datetime-local field has minute precision).
  it("schedules the post for the next minute and sees it go live without a restart", async () => {
    const { input, at } = nextMinuteInArizona();
    await page.getByLabel("Scheduled").check();
    await page.getByLabel("Goes live (Arizona time)").fill(input);
    await page.getByRole("button", { name: "Schedule" }).first().click();
    await page.getByText("Post scheduled.").first().waitFor(SERVER);
    await page.getByRole("link", { name: "All posts" }).click();
    const row = page.getByRole("row", { name: /Chargebacks for cafés/ });
    await row.getByText("Scheduled").filter({ visible: true }).waitFor(SERVER);
    expect((await status("/resources/blog/chargebacks-for-cafes")).status).toBe(404);
    // The Arizona wall-clock time typed in the field is the instant stored.
    const stored = () =>
      server.database.db
        .selectFrom("blog_posts")
        .select("published_at")
        .where("slug", "=", "chargebacks-for-cafes")
        .executeTakeFirstOrThrow();
    expect(new Date((await stored()).published_at!).getTime()).toBe(at);
    // Time moves on without the wait (tests/support/clock.ts): the post comes due a moment from now.
    const dueSoon = Date.now() + 1_000;
    await moveScheduleForward(server.database.db, "blog_posts", "chargebacks-for-cafes", at - dueSoon);
    expect((await status("/resources/blog/chargebacks-for-cafes")).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueSoon - Date.now())));
    // The time has come: the same server shows it (no restart, no job).
    await expect
      .poll(async () => (await status("/resources/blog/chargebacks-for-cafes")).status, { timeout: 20_000 })
      .toBe(200);
    // The public page shows the cover, responsive.
    const visitor = await page.context().newPage();
    await visitor.goto(`${server.url}/resources/blog/chargebacks-for-cafes`);
    const cover = await coverOf(visitor);
    expect(cover.width).toBe("1200");
    expect(cover.srcset).toMatch(/480\.webp 480w, .*960\.webp 960w/);
    await visitor.close();
    await page.reload();
    await waitForScripts(page);
    await row.getByText("Published").filter({ visible: true }).waitFor(SERVER);
    await row.getByRole("link", { name: /View on site/ }).waitFor();
  });

  it("changes the slug of the published post: the old address answers 301", async () => {
    await page.getByRole("link", { name: "Chargebacks for cafés", exact: true }).click();
    await page.getByRole("heading", { name: "Edit post" }).waitFor();
    await page.getByLabel("Slug").fill("cafe-chargebacks");
    await page.getByText("Available").waitFor(SERVER);
    await page.getByRole("button", { name: "Update" }).first().click();
    await page.getByText("Changes published.").first().waitFor(SERVER);
    const old = await status("/resources/blog/chargebacks-for-cafes");
    expect([old.status, old.headers.get("location")]).toEqual([301, "/resources/blog/cafe-chargebacks"]);
    expect((await status("/resources/blog/cafe-chargebacks")).status).toBe(200);
  });

  it("previews unsaved changes of the published post; the public page stays as it is", async () => {
    const title = page.getByRole("textbox", { name: "Title", exact: true });
    await title.fill("Chargebacks for cafés and bakeries");
    const [preview] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByRole("button", { name: /^Preview changes/ }).click(),
    ]);
    await preview.getByRole("heading", { level: 1, name: "Chargebacks for cafés and bakeries" }).waitFor(SERVER);
    await preview.getByText("Unsaved changes: this is how the page will look once they are saved.").waitFor();
    expect(await preview.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow");
    expect(await preview.title()).toBe("Preview: Chargebacks for cafés and bakeries | Meritum");
    await preview.close();
    const publicHtml = await (await status("/resources/blog/cafe-chargebacks")).text();
    expect(publicHtml).toContain("Chargebacks for cafés");
    expect(publicHtml).not.toContain("and bakeries");
    // Still unsaved in the editor; back to the saved title, nothing left to save.
    expect(await saveState()).toMatch(/^Unsaved changes/);
    await title.fill("Chargebacks for cafés");
    await expect.poll(saveState, SERVER).toMatch(/^Saved/);
  });

  it("warns before leaving with unsaved changes", async () => {
    await page.getByLabel("Excerpt").fill("An edit not saved yet.");
    await page.getByRole("link", { name: "All posts" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Leave without saving?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(page.url()).toMatch(/\/admin\/blog-posts\/[0-9a-f-]{36}$/);
    expect(await page.getByLabel("Excerpt").inputValue()).toBe("An edit not saved yet.");
    await page.getByLabel("Excerpt").fill("What a chargeback costs a café and how to avoid one.");
  });

  it("restores an earlier revision after comparing it, as a new revision", async () => {
    const history = page.getByRole("region", { name: "History" });
    const revisions = history.getByRole("listitem");
    await expect.poll(() => revisions.count(), SERVER).toBeGreaterThanOrEqual(4);
    const oldest = revisions.last();
    await oldest.getByRole("button", { name: /^Compare/ }).click();
    const diff = page.getByRole("dialog", { name: "Changes since this revision" });
    await diff.getByText("second version").first().waitFor(SERVER);
    await shot("diff-1280");
    await expectAccessible("revision diff at 1280");
    await page.keyboard.press("Escape");
    const before = await revisions.count();
    await oldest.getByRole("button", { name: /^Restore/ }).click();
    await page
      .getByRole("alertdialog", { name: "Restore this revision?" })
      .getByRole("button", { name: "Restore" })
      .click();
    await page.getByText("Revision restored.").first().waitFor(SERVER);
    await expect
      .poll(() => page.getByRole("textbox", { name: "Body", exact: true }).inputValue(), SERVER)
      .toContain("first version");
    await expect.poll(() => revisions.count(), SERVER).toBe(before + 1);
    await history.getByText("Restored").first().waitFor();
    await shot("editor-1280");
    await expectAccessible("post editor at 1280");
  });

  it("is accessible and usable at 390 px", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await waitForScripts(page);
    await page.getByRole("heading", { name: "Edit post" }).waitFor();
    await page.getByRole("region", { name: "History" }).getByRole("listitem").first().waitFor(SERVER);
    await shot("editor-390");
    await expectAccessible("post editor at 390");
    await page.getByRole("tab", { name: "Preview", exact: true }).click();
    await page
      .getByRole("region", { name: "Body preview" })
      .getByRole("heading", { name: "Why it matters" })
      .waitFor(SERVER);
    await page.goto(`${server.url}/admin/blog-posts`);
    await waitForScripts(page);
    await page.getByRole("row").nth(1).waitFor(SERVER);
    await page.getByRole("checkbox", { name: /Select “Chargebacks for cafés”/ }).check();
    await page.getByRole("button", { name: "Move to drafts" }).click();
    await page.getByRole("alertdialog", { name: "Unpublish 1 post?" }).waitFor();
    await shot("list-390");
    await expectAccessible("bulk confirmation at 390");
    await page.getByRole("button", { name: "Unpublish 1 post" }).click();
    await page.getByText("1 post moved to drafts.").first().waitFor(SERVER);
    // Restoring the first revision put its slug back; that address now leaves the site.
    expect((await status("/resources/blog/chargebacks-for-cafes")).status).toBe(404);
    await expectAccessible("blog post list at 390");
    // The slug check answered 409 once on purpose (a taken slug); nothing else may fail.
    expect(problems.errors.filter((e) => !e.includes("status of 409"))).toEqual([]);
  });

  it("shows the help guides list and the shared editor, accessible at 390 and 1280 px", async () => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}/admin/help-guides`);
      await waitForScripts(page);
      await page.getByRole("heading", { name: "All guides" }).waitFor();
      await page.getByRole("row").nth(1).waitFor(SERVER);
      await expectAccessible(`help guide list at ${width}`);
      await page.getByRole("link", { name: "New guide" }).click();
      await page.getByRole("heading", { name: "New guide" }).waitFor();
      await page
        .getByRole("textbox", { name: "Order" })
        .or(page.getByRole("spinbutton", { name: "Order" }))
        .waitFor();
      await shot(`guide-editor-${width}`);
      await expectAccessible(`new guide editor at ${width}`);
    }
  });
});
