import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeAudit } from "@server/audit/audit";
import { createStaff, PASSWORD } from "../support/auth";
import {
  axeViolations,
  formatViolations,
  releaseBrowser,
  sharedBrowser,
  newPage,
  signInAs,
  waitForScripts,
  type PageProblems,
} from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";

/**
 * The admin screens built on the UI kit and the JSON API, in Chromium: field errors from
 * the shared schema and from the API shown beside their fields with focus on the first,
 * the toast, the audit log's pages in the URL, the mobile navigation sheet, the 404 page.
 */
/** Waiting on an answer from the server (password hashing, mail) under a busy CI machine. */
const SERVER = { timeout: 15_000 };

describe("admin screens in Chromium", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let problems: PageProblems;

  const activeId = () => page.evaluate(() => document.activeElement?.id ?? "");
  async function expectAccessible(label: string) {
    const violations = await axeViolations(page);
    expect(violations, `${label}:\n${formatViolations(violations)}`).toEqual([]);
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), sharedBrowser()]);
    await createStaff(server, "owner@meritum.test", "admin");
    await createStaff(server, "ed@meritum.test", "editor");
    for (let i = 0; i < 30; i++)
      await writeAudit(server.database.db, { action: "test.entry", target: `entry-${i}@meritum.test` });
    ({ page, problems } = await newPage(browser));
    await page.goto(`${server.url}/login`);
    await page.getByLabel("E-mail").fill("owner@meritum.test");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${server.url}/admin`);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  it("checks an invitation with the shared schema, then shows the API's refusal beside its field", async () => {
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Users" }).click();
    await page.getByRole("cell", { name: /ed@meritum\.test/ }).waitFor();
    const email = page.getByLabel("E-mail");
    await email.fill("not an address");
    await page.getByLabel("Name", { exact: true }).fill("Someone");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await page.locator("#invite-email-error").waitFor();
    expect(await page.locator("#invite-email-error").textContent()).toBe("Please enter a valid e-mail address.");
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    expect(await email.getAttribute("aria-describedby")).toBe("invite-email-error");
    await expect.poll(activeId, SERVER).toBe("invite-email");
    expect(await page.getByRole("alertdialog").count()).toBe(0);

    // A valid form that the server refuses: the e-mail is taken (409 with a field error).
    await email.fill("ed@meritum.test");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Send invitation" }).click();
    await expect.poll(() => page.locator("#invite-email-error").textContent(), SERVER).toContain("already exists");
    await expect.poll(activeId, SERVER).toBe("invite-email");
    const toast = page
      .getByRole("region", { name: /Notifications/ })
      .locator("li")
      .first();
    await expect.poll(() => toast.textContent(), SERVER).toContain("Not done");
    expect(await toast.getAttribute("data-variant")).toBe("destructive");
    await expectAccessible("/admin/users with field errors");
  });

  it("searches users and pages the audit log through the URL", async () => {
    await page.getByLabel("Search users").fill("ed@");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/\?q=ed%40/);
    const staff = page.getByRole("region", { name: "Staff accounts" });
    await expect.poll(() => staff.getByRole("row").filter({ hasText: "owner@meritum.test" }).count(), SERVER).toBe(0);
    await staff.getByRole("cell", { name: /ed@meritum\.test/ }).waitFor();

    const audit = page.getByRole("region", { name: "Audit log" });
    const pages = audit.getByRole("navigation", { name: "Audit log pages" });
    await expect.poll(() => pages.textContent(), SERVER).toMatch(/Page 1 of 2/);
    const firstRow = await audit.getByRole("row").nth(1).textContent();
    await pages.getByRole("link", { name: "Older" }).click();
    await page.waitForURL(/page=2/);
    expect(page.url()).toContain("q=ed%40");
    await expect.poll(() => pages.textContent(), SERVER).toMatch(/Page 2 of 2/);
    expect(await audit.getByRole("row").nth(1).textContent()).not.toBe(firstRow);
    await pages.getByRole("link", { name: "Newer" }).click();
    await expect.poll(() => pages.textContent(), SERVER).toMatch(/Page 1 of 2/);
  });

  it("shows a wrong current password beside its field on the Security page", async () => {
    await page.goto(`${server.url}/admin/security`);
    await page.getByLabel("Current password").fill("not my password");
    await page.getByLabel("New password", { exact: true }).fill("A new passphrase for owner 1");
    await page.getByLabel("Repeat the new password").fill("A new passphrase for owner 2");
    await page.getByRole("button", { name: "Change password" }).click();
    // The shared schema catches the mismatch before anything is sent.
    await page.locator("#confirm-password-error").waitFor();
    expect(await page.locator("#confirm-password-error").textContent()).toBe("The two passwords differ.");
    await expect.poll(activeId, SERVER).toBe("confirm-password");
    await page.getByLabel("Repeat the new password").fill("A new passphrase for owner 1");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect
      .poll(() => page.locator("#current-password-error").textContent(), SERVER)
      .toBe("The current password is not correct.");
    await expect.poll(activeId, SERVER).toBe("current-password");
    await expectAccessible("/admin/security with a field error");
  });

  it("answers an admin path outside the sections table with the admin 404 page", async () => {
    const res = await page.goto(`${server.url}/admin/nope`);
    expect(res!.status()).toBe(404);
    await page.getByRole("heading", { name: "Page not found", level: 1 }).waitFor();
    await page.getByText("There is no admin page at this address.").waitFor();
    await expectAccessible("/admin/nope");
  });

  it("opens the navigation from a sheet on a phone", async () => {
    const phone = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await phone.page.goto(`${server.url}/login`);
    await phone.page.getByLabel("E-mail").fill("ed@meritum.test");
    await phone.page.getByLabel("Password").fill(PASSWORD);
    await phone.page.getByRole("button", { name: "Sign in" }).click();
    await phone.page.waitForURL(`${server.url}/admin`);
    await waitForScripts(phone.page);
    expect(await phone.page.getByRole("navigation", { name: "Admin" }).count()).toBe(0);
    await phone.page.getByRole("button", { name: "Menu" }).click();
    const sheet = phone.page.getByRole("dialog");
    await sheet.getByRole("navigation", { name: "Admin" }).waitFor();
    expect(await sheet.getByRole("link", { name: "Users" }).count()).toBe(0);
    await sheet.getByRole("link", { name: "Security" }).click();
    await phone.page.waitForURL(`${server.url}/admin/security`);
    await expect.poll(() => phone.page.getByRole("dialog").count(), SERVER).toBe(0);
    await phone.page.getByRole("heading", { name: "Security", level: 1 }).waitFor();
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect(phone.problems.errors).toEqual([]);
    await phone.page.context().close();
  });

  describe("route rules of spec section 2 on staff screens", () => {
    /** The page's animation as the layout's transition wrapper (PageTransition) shows it. */
    const pageAnimation = (p: Page) =>
      p.locator("[data-page-transition]").evaluate((el) => {
        const { animationName, animationDuration } = getComputedStyle(el);
        return `${animationName} ${animationDuration}`;
      });

    /** Holds back requests whose path contains `part` (not documents) until released. */
    async function hold(p: Page, part: string) {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      await p.route(
        (url) => url.pathname.includes(part),
        async (route) => {
          if (route.request().resourceType() !== "document") await gate;
          await route.continue().catch(() => {});
        },
      );
      return release;
    }

    it("fades and slides each admin screen and sign-in card in over 0.2 s, only fading under reduced motion", async () => {
      const { page: p, problems: found } = await newPage(browser);
      await p.goto(`${server.url}/login`);
      await waitForScripts(p);
      // The page a visit starts on is painted at once.
      expect(await pageAnimation(p)).toBe("none 0s");
      await p.getByRole("link", { name: "Forgot password?" }).click();
      await p.waitForURL("**/admin/password-reset");
      await expect.poll(() => pageAnimation(p)).toBe("page-enter 0.2s");
      await p.getByRole("link", { name: /back to sign in/i }).click();
      await p.waitForURL("**/login");
      await expect.poll(() => pageAnimation(p)).toBe("page-enter 0.2s");

      // Signing in moves from the sign-in card into the admin area: a route change too.
      await p.getByLabel("E-mail").fill("owner@meritum.test");
      await p.getByLabel("Password").fill(PASSWORD);
      await p.getByRole("button", { name: "Sign in" }).click();
      await p.waitForURL(`${server.url}/admin`);
      await expect.poll(() => pageAnimation(p)).toBe("page-enter 0.2s");

      await p.goto(`${server.url}/admin/security`);
      await waitForScripts(p);
      expect(await pageAnimation(p)).toBe("none 0s");
      const nav = p.getByRole("navigation", { name: "Admin" });
      await nav.getByRole("link", { name: "Users" }).click();
      await p.waitForURL("**/admin/users");
      await expect.poll(() => pageAnimation(p)).toBe("page-enter 0.2s");
      // A new element for each page, so the animation plays again.
      await p.locator("[data-page-transition]").evaluate((el) => el.setAttribute("data-seen", ""));
      await p.emulateMedia({ reducedMotion: "reduce" });
      await nav.getByRole("link", { name: "Security" }).click();
      await p.waitForURL("**/admin/security");
      await expect.poll(() => pageAnimation(p)).toBe("page-fade 0.2s");
      expect(await p.locator("[data-page-transition][data-seen]").count()).toBe(0);
      expect(found.errors).toEqual([]);
      await p.context().close();
    });

    it("shows 'Loading page...' while a slowed admin screen or sign-in card loads, then the page", async () => {
      const { page: p, problems: found } = await newPage(browser);
      await p.goto(`${server.url}/login`);
      await waitForScripts(p);
      const placeholder = p.getByRole("status").filter({ hasText: "Loading page..." });
      let release = await hold(p, "password-reset");
      await p.getByRole("link", { name: "Forgot password?" }).click();
      await expect.poll(() => placeholder.isVisible()).toBe(true);
      // The sign-in card gives way to it; the frame (the logo home) stays.
      expect(await p.getByRole("button", { name: "Sign in" }).count()).toBe(0);
      expect(await p.getByRole("link", { name: "Meritum home" }).isVisible()).toBe(true);
      release();
      await p.waitForURL("**/admin/password-reset");
      await p.getByRole("heading", { level: 1 }).waitFor();
      expect(await placeholder.count()).toBe(0);
      await p.unrouteAll();

      await signInAs(p, server.url, "owner@meritum.test", PASSWORD);
      await waitForScripts(p);
      release = await hold(p, "/admin/users");
      await p.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Users" }).click();
      await expect.poll(() => placeholder.isVisible()).toBe(true);
      expect(await p.getByRole("navigation", { name: "Admin" }).isVisible()).toBe(true);
      release();
      await p.waitForURL("**/admin/users");
      await p.getByRole("heading", { name: "Users", level: 1 }).waitFor();
      expect(await placeholder.count()).toBe(0);
      expect(found.errors).toEqual([]);
      await p.context().close();
    });

    it("scrolls to the top on every route change", async () => {
      const { page: p } = await newPage(browser, { viewport: { width: 1024, height: 400 } });
      await signInAs(p, server.url, "owner@meritum.test", PASSWORD);
      await p.goto(`${server.url}/admin/security`);
      await waitForScripts(p);
      const nav = p.getByRole("navigation", { name: "Admin" });
      for (const [name, path] of [
        ["Users", "/admin/users"],
        ["Security", "/admin/security"],
      ] as const) {
        // Scrolled again on each try: a list still loading may not be 200 px taller than the window yet.
        await expect
          .poll(() => p.evaluate(() => (window.scrollTo(0, 200), window.scrollY)), { message: name })
          .toBe(200);
        // Followed with the keyboard, so nothing scrolls the link into view first.
        await nav.getByRole("link", { name }).evaluate((el) => el.focus({ preventScroll: true }));
        await p.keyboard.press("Enter");
        await p.waitForURL(`**${path}`);
        await p.getByRole("heading", { name, level: 1 }).waitFor();
        // Long enough to have stayed at 200 had nothing scrolled it.
        expect(await p.evaluate(() => document.documentElement.scrollHeight), name).toBeGreaterThan(400 + 200);
        await expect.poll(() => p.evaluate(() => window.scrollY), { message: name }).toBe(0);
      }
      await p.context().close();
    });
  });

  it("logged no errors other than the refusals the steps asked for", () => {
    const expected = (e: string) =>
      e.includes("status of 400") || e.includes("status of 409") || e.includes("status of 404");
    expect(problems.errors.filter((e) => !expected(e))).toEqual([]);
  });
});
