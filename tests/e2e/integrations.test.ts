import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff, PASSWORD } from "../support/auth";
import {
  axeViolations,
  formatViolations,
  releaseBrowser,
  sharedBrowser,
  newPage,
  signInAs,
  type PageProblems,
} from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

/**
 * The Integrations screen in Chromium, as an admin uses it: add a webhook pointing at a
 * receiver on loopback (WEBHOOKS_ALLOW_LOCAL), copy the secret shown once, send a test event
 * and see it delivered in the log; the response settings on the settings screen; axe-core at
 * 1280 and 390 px.
 */
const SERVER = { timeout: 15_000 };
const SHOTS = process.env.SCREENSHOT_DIR;

describe("the Integrations screen in Chromium", () => {
  let server: TestServer;
  let browser: Browser;
  let receiver: WebhookReceiver;
  let page: Page;
  let problems: PageProblems;

  async function expectAccessible(label: string) {
    const violations = await axeViolations(page);
    expect(violations, `${label}:\n${formatViolations(violations)}`).toEqual([]);
  }
  async function shot(name: string) {
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  }

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    [server, browser] = await Promise.all([
      startTestServer({ env: { WEBHOOKS_ALLOW_LOCAL: "1", WEBHOOK_RETRY_SECONDS: "1" } }),
      sharedBrowser(),
    ]);
    await createStaff(server, "owner@meritum.test", "admin");
    ({ page, problems } = await newPage(browser));
    await signInAs(page, server.url, "owner@meritum.test", PASSWORD);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
    await receiver?.close();
  });

  it("adds a webhook, shows its secret once, sends a test event and shows it delivered in the log", async () => {
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Integrations" }).click();
    await page.getByText("No webhooks yet").waitFor(SERVER);
    await page.getByText("Nothing sent yet").waitFor(SERVER);
    await expectAccessible("/admin/integrations, empty");

    await page.getByRole("button", { name: "Add webhook" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a webhook" });
    await dialog.getByLabel("Name").fill("Sales CRM");
    await dialog.getByLabel("URL").fill("ftp://example.com");
    await dialog.getByRole("button", { name: "Add webhook" }).click();
    await dialog.getByText("Enter a full URL starting with https://.").waitFor(SERVER);
    await dialog.getByText("Choose at least one event.").waitFor(SERVER);
    await expectAccessible("add webhook dialog with errors");

    await dialog.getByLabel("URL").fill(receiver.url);
    await dialog.getByLabel("Submission received").check();
    await dialog.getByLabel("Contact status changed").check();
    await dialog.getByRole("button", { name: "Add webhook" }).click();
    await dialog.waitFor({ state: "detached", ...SERVER });

    const secretBox = page.getByRole("textbox", { name: "Signing secret" });
    await secretBox.waitFor(SERVER);
    const secret = await secretBox.inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole("heading", { name: "Sales CRM" }).waitFor(SERVER);
    await expect
      .poll(() => page.getByText("Events: Submission received, Contact status changed").count(), SERVER)
      .toBe(1);

    await page.getByRole("button", { name: "Send test event: Sales CRM" }).click();
    const log = page.getByRole("table", { name: "Webhook deliveries" });
    const row = log.getByRole("row").filter({ hasText: "Test event" });
    await row.getByText("Delivered").waitFor(SERVER);
    expect((await row.getByRole("cell").allInnerTexts()).map((text) => text.trim())).toEqual([
      expect.any(String),
      "Sales CRM",
      "Test event",
      "Delivered",
      "200",
      "1 attempt",
      "Resend",
    ]);
    expect(receiver.received).toHaveLength(1);
    expect(new Webhook(secret).verify(receiver.received[0]!.body, receiver.received[0]!.headers)).toMatchObject({
      type: "webhook.test",
    });

    await row.getByText("1 attempt").click();
    await row.getByRole("listitem").first().waitFor(SERVER);
    await shot("integrations-1280");
    await expectAccessible("/admin/integrations at 1280 px");

    // The secret is shown once: gone after Done, and after a reload.
    await page.getByRole("button", { name: "Done" }).click();
    await expect.poll(() => secretBox.count(), SERVER).toBe(0);
    await page.reload();
    await page.getByRole("heading", { name: "Sales CRM" }).waitFor(SERVER);
    expect(await page.content()).not.toContain(secret.slice(6));

    // Resend: a second attempt of the same delivery, same webhook-id.
    await page.getByRole("button", { name: /^Resend Test event to Sales CRM/ }).click();
    await page.getByRole("table", { name: "Webhook deliveries" }).getByText("2 attempts").waitFor(SERVER);
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([
      receiver.received[0]!.headers["webhook-id"],
      receiver.received[0]!.headers["webhook-id"],
    ]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("heading", { name: "Integrations", level: 1 }).waitFor(SERVER);
    await shot("integrations-390");
    await expectAccessible("/admin/integrations at 390 px");
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(problems.errors).toEqual([]);
  });

  it("saves the opening hours by day and the response target on the settings screen", async () => {
    await page.goto(`${server.url}/admin/settings`);
    const card = page.getByRole("region", { name: "Response to leads" });
    await card.waitFor(SERVER);
    await card.getByLabel("Saturday", { exact: true }).check();
    await card.getByLabel("Saturday opens").fill("09:00");
    await card.getByLabel("Saturday closes").fill("12:00");
    await card.getByLabel("Friday", { exact: true }).uncheck();
    await card.getByLabel("Response target (business minutes)").fill("20");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Settings saved.").first().waitFor(SERVER);
    const settings = await page.evaluate(async () => (await (await fetch("/api/admin/settings")).json()).settings);
    expect(settings.responseTargetMinutes).toBe(20);
    expect(settings.openingHours).toMatchObject({
      friday: null,
      saturday: { open: "09:00", close: "12:00" },
      monday: { open: "08:00", close: "17:00" },
    });

    await card.getByLabel("Monday opens").fill("18:00");
    await page.getByRole("button", { name: "Save settings" }).click();
    await card.getByText("Closing must be later than opening.").waitFor(SERVER);
    await shot("settings-response-1280");
    await expectAccessible("/admin/settings with an hours error at 1280 px");
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await shot("settings-response-390");
    await expectAccessible("/admin/settings at 390 px");
  });
});
