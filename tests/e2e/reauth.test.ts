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
} from "../support/browser";
import { ageSession, latestSessionId } from "../support/clock";
import { startTestServer, type TestServer } from "../support/server";

const SERVER = { timeout: 15_000 };

/**
 * Issue 13: a sensitive action after the re-authentication window asks for the password in
 * a dialog and then completes, without leaving the screen; Cancel leaves it undone.
 */
describe("password again before sensitive actions, in Chromium", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let problems: PageProblems;
  let editorId: string;

  const role = async () =>
    (await server.database.db.selectFrom("user").select("role").where("id", "=", editorId).executeTakeFirstOrThrow())
      .role;
  /** Six minutes pass while the admin keeps working (not idle). */
  const sixMinutesLater = async () =>
    ageSession(server.database.db, await latestSessionId(server.database.db, "boss@meritum.test"), 6 * 60_000, [
      "createdAt",
      "expiresAt",
      "reauthenticatedAt",
    ]);

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), sharedBrowser()]);
    await createStaff(server, "boss@meritum.test", "admin");
    editorId = await createStaff(server, "writer@meritum.test", "editor");
    ({ page, problems } = await newPage(browser));
    await page.goto(`${server.url}/login`);
    await waitForScripts(page);
    await page.getByLabel("E-mail").fill("boss@meritum.test");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${server.url}/admin`);
    await page.goto(`${server.url}/admin/users`);
    await waitForScripts(page);
    await page
      .getByRole("cell", { name: /writer@meritum\.test/ })
      .first()
      .waitFor();
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  async function makeAdmin() {
    await page.getByRole("button", { name: /^Make admin: writer/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Make admin" }).click();
  }

  it("asks for the password, refuses a wrong one beside the field, then completes the action", async () => {
    await sixMinutesLater();
    await makeAdmin();
    const dialog = page.getByRole("dialog", { name: "Confirm it's you" });
    await dialog.waitFor(SERVER);
    const password = dialog.getByLabel("Password");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? "")).toBe("reauth-password");
    expect(await role()).toBe("editor");
    await page.screenshot({ path: ".tmp/reauth-dialog-1280.png" });
    const violations = await axeViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    await password.fill("not my password");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect
      .poll(() => page.locator("#reauth-password-error").textContent(), SERVER)
      .toContain("The password is not correct.");
    expect(await password.getAttribute("aria-invalid")).toBe("true");

    await password.fill(PASSWORD);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await dialog.waitFor({ state: "hidden", ...SERVER });
    await expect.poll(role, SERVER).toBe("admin");
    const toast = page
      .getByRole("region", { name: /Notifications/ })
      .locator("li")
      .first();
    await expect.poll(() => toast.textContent(), SERVER).toContain("Role changed to admin.");

    // Within the next minutes the next sensitive action goes straight through.
    await page.getByRole("button", { name: /^Make editor: writer/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Make editor" }).click();
    await expect.poll(role, SERVER).toBe("editor");
    expect(await dialog.count()).toBe(0);
  });

  it("leaves the action undone when the dialog is cancelled, and says why", async () => {
    await sixMinutesLater();
    await makeAdmin();
    const dialog = page.getByRole("dialog", { name: "Confirm it's you" });
    await dialog.waitFor(SERVER);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden", ...SERVER });
    const toast = page
      .getByRole("region", { name: /Notifications/ })
      .locator("li")
      .first();
    await expect.poll(() => toast.textContent(), SERVER).toContain("please enter your password again");
    expect(await role()).toBe("editor");
  });

  it("fits a phone screen", async () => {
    const phone = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await phone.page.context().addCookies(await page.context().cookies());
    await sixMinutesLater();
    await phone.page.goto(`${server.url}/admin/users`);
    await waitForScripts(phone.page);
    await phone.page
      .getByRole("cell", { name: /writer@meritum\.test/ })
      .first()
      .waitFor();
    await phone.page.getByRole("button", { name: /^Make admin: writer/ }).click();
    await phone.page.getByRole("alertdialog").getByRole("button", { name: "Make admin" }).click();
    const dialog = phone.page.getByRole("dialog", { name: "Confirm it's you" });
    await dialog.waitFor(SERVER);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await phone.page.screenshot({ path: ".tmp/reauth-dialog-390.png" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await phone.page.context().close();
  });

  it("logged no errors other than the refusals the steps asked for", () => {
    const expected = (e: string) => e.includes("status of 403") || e.includes("status of 400");
    expect(problems.errors.filter((e) => !expected(e))).toEqual([]);
  });
});
