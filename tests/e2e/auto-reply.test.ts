import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createStaff, PASSWORD } from "../support/auth";
import { axeViolations, formatViolations, signInAs, waitForScripts } from "../support/browser";
import { mailPart } from "../support/smtp";
import { usePublicForms } from "../support/public-forms";

/**
 * The auto-reply in Chromium as a visitor and staff use it: a visitor sends Free Analysis and
 * the reference the confirmation shows is the one the e-mail in their inbox quotes; staff edit
 * the form's auto-reply in /admin/forms, read the preview, get an inline error for an unknown
 * placeholder, and save; axe at 1280 and 390 px on both screens.
 */
const SHOTS = process.env.SCREENSHOT_DIR;

describe("the auto-reply in Chromium", () => {
  const { url, server, db, mailTo, start, open, fillRequired } = usePublicForms();

  async function checkScreen(page: Page, label: string) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const violations = await axeViolations(page);
      expect(violations, `${label} at ${width}px:\n${formatViolations(violations)}`).toEqual([]);
      if (SHOTS) {
        const name = `${SHOTS}/${label.replace(/\W+/g, "-")}-${width}`;
        await page.screenshot({ path: `${name}.png`, fullPage: true });
        const card = page.getByRole("region", { name: "Auto-reply", exact: true });
        if (await card.count()) await card.screenshot({ path: `${name}-card.png` });
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  it("gives the visitor the reference on the confirmation page and in the auto-reply", async () => {
    const { page, problems } = await start();
    await open(page);
    await fillRequired(page, "dana.reply@ruizauto.example");
    await page.getByRole("button", { name: "Get my free analysis" }).click();
    const status = page.getByRole("status").filter({ hasText: "Your request is in" });
    await status.waitFor();
    const shown = /Your reference: (MER-[A-Z0-9]{5})/.exec((await status.textContent()) ?? "")?.[1];
    expect(shown).toMatch(/^MER-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{5}$/);
    await checkScreen(page, "confirmation with reference");

    const mail = await mailTo("dana.reply@ruizauto.example");
    expect(mail.text).toContain(`Subject: We received your request (${shown})`);
    expect(mailPart(mail, "text/plain")).toContain(`Your reference is ${shown}`);
    expect(mailPart(mail, "text/html")).toContain(`<strong>${shown}</strong>`);
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("lets staff edit the template, preview it and see an unknown placeholder at its field", async () => {
    await createStaff(server(), "owner@meritum.test", "admin");
    const { page, problems } = await start();
    await signInAs(page, url(), "owner@meritum.test", PASSWORD);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Forms" }).click();
    await page.getByRole("link", { name: "Edit: Free Analysis" }).click();
    await page.getByRole("heading", { level: 2, name: "Auto-reply" }).waitFor();
    await waitForScripts(page);
    expect(await page.getByLabel("Send an auto-reply to everyone who submits this form").isChecked()).toBe(true);

    const subject = page.getByLabel("Subject");
    await subject.fill("Thanks, {{firstName}} ({{reference}})");
    const previewSubject = page.getByTestId("auto-reply-preview-subject");
    await expect.poll(() => previewSubject.textContent()).toBe("Thanks, Dana (MER-7K3QX)");
    const rendered = page.getByRole("region", { name: "The e-mail as sent" });
    expect(await rendered.textContent()).toContain("Mark Ellison");

    const message = page.locator("#auto-reply-body");
    await message.fill(`${await message.inputValue()}\n\nSee you {{unknown}}.`);
    const error = page.locator("#auto-reply-body-error");
    await expect.poll(() => error.textContent()).toContain("Unknown placeholder {{unknown}}");
    expect(await message.getAttribute("aria-invalid")).toBe("true");
    await checkScreen(page, "form editor auto-reply with error");

    await message.fill((await message.inputValue()).replace("{{unknown}}", "{{owner}}"));
    await expect.poll(() => message.getAttribute("aria-invalid")).toBeNull();
    await expect.poll(async () => (await rendered.textContent()) ?? "").toContain("See you Mark Ellison.");
    await page.getByRole("tab", { name: "Plain text" }).click();
    expect(await page.getByLabel("The plain-text part").textContent()).toContain("See you Mark Ellison.");
    await page.getByRole("button", { name: "Save form" }).click();
    await expect.poll(() => page.getByText("Form “Free Analysis” saved.").first().isVisible()).toBe(true);
    await checkScreen(page, "form editor auto-reply");
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("shows staff the reference and the auto-reply on the submission and the contact", async () => {
    const row = await db()
      .selectFrom("submissions")
      .select(["id", "form_id", "contact_id", "reference"])
      .where("email", "=", "dana.reply@ruizauto.example")
      .executeTakeFirstOrThrow();
    const { page, problems } = await start();
    await signInAs(page, url(), "owner@meritum.test", PASSWORD);
    await page.goto(`${url()}/admin/forms/${row.form_id}/submissions/${row.id}`);
    await page.getByText(`Reference ${row.reference}`).waitFor();
    const origin = page.getByRole("region", { name: "Notification and origin" });
    await expect.poll(() => origin.textContent()).toContain("Auto-replySent");
    await checkScreen(page, "submission with reference");
    await page.goto(`${url()}/admin/contacts/${row.contact_id}`);
    await page.getByText(`Reference ${row.reference}`).waitFor();
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });
});
