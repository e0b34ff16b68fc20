import { describe, expect, it } from "vitest";
import { axeViolations, formatViolations } from "../support/browser";
import { answerOf, samplePdf, usePublicForms } from "../support/public-forms";

/**
 * With JavaScript the public forms check the fields before they post (decision 0037): the
 * errors shown in place, nothing lost, the checks loaded on demand, the server as the fallback.
 */
describe("the public forms' own checks in Chromium", () => {
  const { submissionOf, fileOf, staffMailAbout, countPosts, focused, start, open, typeInto, fillRequired } =
    usePublicForms();

  it("with JavaScript: typed details and a PDF are posted once; the button says it is sending; the answer page focuses the confirmation", async () => {
    const { page, problems } = await start();
    await open(page);
    const posts = countPosts(page);
    await fillRequired(page, "dana.js@ruizauto.example");
    await typeInto(page, /Website/, "ruizauto.example");
    await typeInto(page, /Average sale/, "52.50");
    await typeInto(page, /Current processor/, "Heartland");
    await page.getByLabel(/^Online \(website or invoices\)/).check();
    await typeInto(page, /Anything we should know/, "Fees went up twice this year.");
    await page
      .getByLabel(/Recent processing statement/)
      .setInputFiles({ name: "march-statement.pdf", mimeType: "application/pdf", buffer: samplePdf() });

    // What the form shows between the press and the answer, recorded as it happens: the answer
    // page replaces it. (A document post held with page.route leaves the page unreadable to Playwright.)
    await page.evaluate(() => {
      const button = document.querySelector<HTMLButtonElement>("button[data-sending-label]")!;
      const status = document.querySelector("[data-sending-status]")!;
      new MutationObserver(() =>
        sessionStorage.setItem(
          "sending",
          JSON.stringify({
            label: button.textContent,
            disabled: button.disabled,
            ariaDisabled: button.getAttribute("aria-disabled"),
            status: status.textContent,
          }),
        ),
      ).observe(button.parentElement!, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    // Three presses in a row: the first is checked and posted, the others (while it is) do nothing.
    await page.evaluate(() => {
      const button = document.querySelector<HTMLButtonElement>("button[data-sending-label]")!;
      for (let i = 0; i < 3; i++) button.click();
    });

    // The page that answers the post shows the confirmation, focused: it is the feedback (no toast).
    const confirmation = page.getByRole("heading", { name: /Thank you, Dana\. Your request is in\./ });
    await expect.poll(() => confirmation.isVisible()).toBe(true);
    expect(await focused(page)).toBe("Thank you, Dana. Your request is in.");
    expect(await page.getByRole("status").filter({ hasText: "Your request is in" }).textContent()).toContain(
      "within one business day",
    );
    expect(await page.getByRole("button", { name: /Get my free analysis|Sending/ }).count()).toBe(0);
    expect(await page.getByText("Request sent").count()).toBe(0);
    expect(posts).toHaveLength(1);
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem("sending")))!)).toEqual({
      label: "Sending your request…",
      disabled: true,
      ariaDisabled: "true",
      status: "Sending your request, please wait.",
    });

    const submission = await submissionOf("dana.js@ruizauto.example");
    expect(submission).toMatchObject({ business_name: "Ruiz Auto Care", source: "contact" });
    expect(answerOf(submission, "monthlyVolume")).toBe("$10,000 – $50,000");
    expect(answerOf(submission, "averageTicket")).toBe(52.5);
    expect(answerOf(submission, "paymentMethods")).toEqual([
      "In person (card terminal or POS)",
      "Online (website or invoices)",
      "Mobile (phone or tablet on the go)",
    ]);
    expect(await fileOf(submission!.id)).toMatchObject({
      filename: "march-statement.pdf",
      mime_type: "application/pdf",
      size_bytes: samplePdf().length,
    });
    await expect
      .poll(() => staffMailAbout("dana.js@ruizauto.example")?.text)
      .toContain("uploaded: march-statement.pdf (PDF");
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("with JavaScript: a post the visitor stops gives the form back as it was, and it can be sent again", async () => {
    const { page, problems } = await start();
    await open(page);
    const posts = countPosts(page);
    await fillRequired(page, "stopped.js@ruizauto.example");
    // The post is held, as on a slow link, until the visitor presses the stop button.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === "/contact",
      async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        await held;
        await route.abort().catch(() => {});
      },
    );
    const cdp = await page.context().newCDPSession(page);
    const button = page.locator("button[data-sending-label]");
    await button.click({ noWaitAfter: true });
    await expect.poll(() => posts.length).toBe(1);
    await cdp.send("Page.stopLoading");
    release();

    await expect.poll(() => button.textContent()).toBe("Get my free analysis");
    expect(await button.isDisabled()).toBe(false);
    expect(await button.getAttribute("aria-disabled")).toBeNull();
    expect(await page.locator("[data-sending-status]").textContent()).toBe("");
    expect(await page.getByLabel(/^E-mail/).inputValue()).toBe("stopped.js@ruizauto.example");
    expect(await submissionOf("stopped.js@ruizauto.example")).toBeUndefined();

    await page.unrouteAll();
    await button.click();
    await expect
      .poll(() => page.getByRole("heading", { name: /Thank you, Dana\. Your request is in\./ }).isVisible())
      .toBe(true);
    expect(posts).toHaveLength(2);
    expect(await submissionOf("stopped.js@ruizauto.example")).toMatchObject({ business_name: "Ruiz Auto Care" });
    expect(problems.errors.filter((e) => !e.includes("ERR_FAILED"))).toEqual([]);
    await page.context().close();
  });

  it("with JavaScript: checks before posting, shows each error next to its field and in the summary, focuses the first, keeps the values, and passes axe", async () => {
    const { page, problems } = await start();
    await open(page);
    const posts = countPosts(page);
    await typeInto(page, "Business name", "Ruiz Auto Care");
    await typeInto(page, "E-mail", "dana@");
    await page.getByRole("button", { name: "Get my free analysis" }).click();

    const name = page.getByLabel(/^Your name/);
    await expect.poll(() => name.getAttribute("aria-invalid")).toBe("true");
    expect(await focused(page)).toBe("lead-name");
    expect(await name.getAttribute("aria-describedby")).toBe("lead-name-error");
    expect(await page.locator("#lead-name-error").textContent()).toBe("Please enter your name.");
    expect(await page.locator("#lead-name-error").isVisible()).toBe(true);
    expect(await page.locator("#lead-email-error").textContent()).toContain("Please enter a valid e-mail address");
    expect(await page.locator("#lead-paymentMethods-error").textContent()).toBe(
      "Please choose at least one way you take payments.",
    );
    // The group is described by its hint and its error; each of its boxes is marked invalid.
    expect(await page.getByRole("group", { name: /How do you take payments/ }).getAttribute("aria-describedby")).toBe(
      "lead-paymentMethods-hint lead-paymentMethods-error",
    );
    expect(await page.getByLabel(/^Online \(website or invoices\)/).getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator("#lead-consent-error").textContent()).toContain("Please agree to be contacted");
    // Fields without an error show none.
    expect(await page.locator("#lead-businessName-error").isVisible()).toBe(false);
    expect(await page.getByLabel(/^Business name/).getAttribute("aria-invalid")).toBeNull();
    expect(await page.getByLabel(/^Business name/).getAttribute("aria-describedby")).toBeNull();
    expect(await page.getByLabel(/^Business name/).inputValue()).toBe("Ruiz Auto Care");
    expect(await page.getByLabel(/^E-mail/).inputValue()).toBe("dana@");

    // The summary, as the server shows it: the sentence and a link to each field in error, in form order.
    const summary = page.getByRole("alert");
    expect(await summary.count()).toBe(1);
    expect(await summary.textContent()).toContain("Please correct the highlighted fields");
    expect(await page.locator("form[data-public-form]").getAttribute("aria-describedby")).toBe("lead-form-error");
    const links = await summary
      .getByRole("link")
      .evaluateAll((as) => as.map((a) => [a.getAttribute("href"), a.textContent]));
    expect(links.map(([href]) => href)).toEqual([
      "#lead-name",
      "#lead-email",
      "#lead-phone",
      "#lead-monthlyVolume",
      "#lead-paymentMethods-in-person",
      "#lead-consent",
    ]);
    expect(links[0]![1]).toBe("Please enter your name.");
    expect(posts).toEqual([]);

    const violations = await axeViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    // Fixing the first field moves focus to the next one still wrong; the fixed one is clear.
    await typeInto(page, "Your name", "Dana Ruiz");
    await page.getByRole("button", { name: "Get my free analysis" }).click();
    await expect.poll(() => focused(page)).toBe("lead-email");
    expect(await page.getByLabel(/^Your name/).getAttribute("aria-invalid")).toBeNull();
    expect(await page.getByLabel(/^Your name/).getAttribute("aria-describedby")).toBeNull();
    expect(await page.locator("#lead-name-error").isVisible()).toBe(false);
    expect(await page.getByRole("alert").count()).toBe(1);
    expect(await page.getByRole("alert").getByRole("link").first().getAttribute("href")).toBe("#lead-email");

    // A renamed executable is caught by its content, before anything is sent.
    await page.getByLabel(/^E-mail/).fill("dana.exe@ruizauto.example");
    await typeInto(page, "Phone", "480 555 0123");
    await page.getByLabel(/^Monthly card volume/).selectOption("under-10k");
    await page.getByLabel(/^Online \(website or invoices\)/).check();
    await page.getByLabel(/I agree to be contacted/).check();
    await page.getByLabel(/Recent processing statement/).setInputFiles({
      name: "statement.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("MZ\x90\x00 this is not a pdf"),
    });
    await page.getByRole("button", { name: "Get my free analysis" }).click();
    await expect.poll(() => focused(page)).toBe("lead-statement");
    expect(await page.locator("#lead-statement-error").textContent()).toContain("PDF, PNG or JPEG");
    expect(await page.getByLabel(/Recent processing statement/).getAttribute("aria-describedby")).toBe(
      "lead-statement-hint lead-statement-error",
    );
    expect(posts).toEqual([]);
    expect(await submissionOf("dana.exe@ruizauto.example")).toBeUndefined();
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("with JavaScript: a field in error keeps the chosen statement, and the corrected form sends it", async () => {
    const { page, problems } = await start();
    await open(page);
    const posts = countPosts(page);
    await fillRequired(page, "dana.keep@ruizauto.example");
    await page.getByLabel(/I agree to be contacted/).uncheck();
    const statement = page.getByLabel(/Recent processing statement/);
    await statement.setInputFiles({ name: "april-statement.pdf", mimeType: "application/pdf", buffer: samplePdf() });
    await page.getByRole("button", { name: "Get my free analysis" }).click();

    await expect.poll(() => focused(page)).toBe("lead-consent");
    expect(await page.locator("#lead-consent-error").textContent()).toContain("Please agree to be contacted");
    expect(posts).toEqual([]);
    // Nothing was sent, so nothing was lost: the file is still chosen.
    expect(await statement.evaluate((input: HTMLInputElement) => [...input.files!].map((f) => f.name))).toEqual([
      "april-statement.pdf",
    ]);

    await page.getByLabel(/I agree to be contacted/).check();
    await page.getByRole("button", { name: "Get my free analysis" }).click();
    await expect.poll(() => page.getByRole("heading", { name: /Your request is in/ }).isVisible()).toBe(true);
    expect(await page.getByRole("status").textContent()).toContain("we've received your statement");
    expect(posts).toHaveLength(1);
    const submission = await submissionOf("dana.keep@ruizauto.example");
    expect(await fileOf(submission!.id)).toMatchObject({
      filename: "april-statement.pdf",
      mime_type: "application/pdf",
      size_bytes: samplePdf().length,
    });
    await expect
      .poll(() => staffMailAbout("dana.keep@ruizauto.example")?.text)
      .toContain("uploaded: april-statement.pdf (PDF");
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("loads its checks on demand, and when they cannot load (a deploy replaced them) the server's check answers", async () => {
    const { page } = await start();
    const requested: string[] = [];
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
    await page.route(/\/assets\/form-checks-[^/]+\.js$/, (route) => route.abort());
    await open(page);
    // Not on the page's first load: the schema library comes with the checks.
    expect(requested.filter((p) => p.startsWith("/assets/form-checks-"))).toEqual([]);

    await typeInto(page, "Business name", "Ruiz Auto Care");
    await expect.poll(() => requested.some((p) => p.startsWith("/assets/form-checks-"))).toBe(true);
    // The form is posted as it is, and the page that answers shows the server's errors.
    const posted = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/contact",
    );
    await page.getByRole("button", { name: "Get my free analysis" }).click();
    expect((await posted).status()).toBe(400);
    await page.waitForLoadState("load");
    const name = page.getByLabel(/^Your name/);
    await expect.poll(() => name.getAttribute("aria-invalid")).toBe("true");
    // Focus reaches the first field in error once the answered page has settled.
    await expect.poll(() => focused(page)).toBe("lead-name");
    expect(await page.locator("#lead-name-error").textContent()).toBe("Please enter your name.");
    expect(await page.getByRole("alert").textContent()).toContain("Please correct the highlighted fields");
    expect(await page.getByLabel(/^Business name/).inputValue()).toBe("Ruiz Auto Care");
    await page.context().close();
  });
});
