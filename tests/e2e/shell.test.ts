import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axeViolations,
  formatViolations,
  launchBrowser,
  releaseBrowser,
  sharedBrowser,
  navLink,
  navTrigger,
  newPage,
  openPage,
  waitForScripts,
} from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), sharedBrowser()]);
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const publicRoutes = [
  "/",
  "/about",
  "/meet-mark",
  "/services",
  "/services/merchant-accounts",
  "/services/mobile-payments",
  "/services/online-gateways",
  "/resources",
  "/resources/search",
  "/resources/blog",
  "/resources/guides",
  "/resources/faq",
  "/industries",
  "/industries/restaurants",
  "/contact",
  "/login",
  "/privacy-policy",
  "/terms-of-service",
];

const open = (path: string, options: Parameters<typeof newPage>[1] = {}) =>
  openPage(browser, server.url + path, options);

describe("routes", () => {
  it("every public route answers 200 with one visible heading and a title", async () => {
    const { page } = await newPage(browser);
    for (const path of publicRoutes) {
      const response = await page.goto(server.url + path);
      expect(response?.status(), path).toBe(200);
      const headings = page.locator("h1");
      expect(await headings.count(), path).toBe(1);
      await expect.poll(() => headings.first().isVisible(), { message: path }).toBe(true);
      expect((await headings.first().textContent())?.trim().length, path).toBeGreaterThan(3);
      expect(await page.title(), path).toMatch(/Meritum/);
    }
    await page.context().close();
  });

  it("an unknown path renders the not-found page with 404, also when a link or a staff screen leads there", async () => {
    const { page, response } = await open("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Page not found");
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(true);

    // A staff screen is React Router's app: its client navigation into a public path becomes a
    // document request (the site layout's clientLoader), so the page arrives with its own scripts.
    await page.goto(server.url + "/login");
    await waitForScripts(page);
    const documents: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "document") documents.push(new URL(r.url()).pathname);
    });
    await page.evaluate(() => (window as any).__reactRouterDataRouter.navigate("/services/does-not-exist"));
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Page not found");
    expect(new URL(page.url()).pathname).toBe("/services/does-not-exist");
    expect(documents).toEqual(["/services/does-not-exist"]);
    await page.context().close();
  });

  it("leaves a staff screen for a public page with a document request: the page is enhanced, not hydrated", async () => {
    const { page, problems } = await open("/login");
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(true);
    await page.getByRole("link", { name: /home/ }).first().click();
    await page.waitForURL(server.url + "/");
    await waitForScripts(page);
    const state = await page.evaluate(() => ({
      hydrated: document.documentElement.hasAttribute("data-hydrated"),
      enhanced: document.documentElement.hasAttribute("data-enhanced"),
      router: "__reactRouterDataRouter" in window,
    }));
    expect(state).toEqual({ hydrated: false, enhanced: true, router: false });
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });
});

describe("page behaviour", () => {
  it("scrolls to the top after navigating from a scrolled page", async () => {
    const { page } = await open("/about", { viewport: { width: 1024, height: 500 } });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.getByRole("contentinfo").getByRole("link", { name: "Services", exact: true }).click();
    await page.waitForURL("**/services");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.context().close();
  });

  /**
   * What the page shows, reported by the page itself whenever its main content changes: while a
   * navigation is pending, Playwright cannot evaluate in the page it is leaving.
   */
  async function watchMain(page: Page) {
    const seen: Array<{ path: string; loading: boolean; heading: boolean; nav: boolean }> = [];
    await page.exposeFunction("__reportMain", (state: (typeof seen)[number]) => seen.push(state));
    await page.addInitScript(() => {
      const visible = (el: Element | null) => !!el && (el as HTMLElement).offsetParent !== null;
      const report = () =>
        (window as any).__reportMain({
          path: location.pathname,
          loading: [...document.querySelectorAll("#main [role=status]")].some(
            (el) => visible(el) && el.textContent?.includes("Loading page..."),
          ),
          heading: visible(document.querySelector("#main h1")),
          nav: visible(document.querySelector("nav[aria-label=Main]")),
        });
      addEventListener("DOMContentLoaded", () => {
        const main = document.getElementById("main");
        if (!main) return;
        new MutationObserver(report).observe(main, { subtree: true, childList: true, attributeFilter: ["hidden"] });
      });
    });
    return seen;
  }

  /** Holds the document request for `path` until released (its click waits for it: await `clicked` after). */
  async function holdPage(page: Page, path: string, then: "continue" | "no content") {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route(
      (url) => url.pathname === path,
      async (route) => {
        await gate;
        // 204: the browser stays on the page it is leaving, as when a visitor stops the load.
        // A request the browser gave up (the visitor stopped the load) can no longer be answered.
        await (then === "continue" ? route.continue() : route.fulfill({ status: 204 })).catch(() => {});
      },
    );
    return release;
  }

  it("shows 'Loading page...' while a slowed page loads, then the page", async () => {
    const { page } = await newPage(browser);
    const seen = await watchMain(page);
    await page.goto(server.url + "/");
    await waitForScripts(page);
    const release = await holdPage(page, "/industries", "continue");
    // The click waits for the navigation it starts, which the route holds back.
    const clicked = navLink(page, "Industries").click();
    // The page it replaces is hidden, not gone: the header and its navigation stay.
    await expect
      .poll(() => seen.filter((s) => s.path === "/" && s.loading))
      .toEqual([{ path: "/", loading: true, heading: false, nav: true }]);
    release();
    await clicked;
    await page.waitForURL("**/industries");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toMatch(/industr/i);
    expect(await page.getByText("Loading page...").isVisible()).toBe(false);
    await page.context().close();
  });

  it("brings the page back when the visitor stops the load (stop button or Escape), and from the back/forward cache", async () => {
    const withCache = await launchBrowser({ backForwardCache: true });
    const { page } = await newPage(withCache);
    const seen = await watchMain(page);
    await page.goto(server.url + "/about");
    await waitForScripts(page);
    // The stop button (Chrome's Escape shortcut does the same): the browser stops the navigation.
    const cdp = await page.context().newCDPSession(page);
    const release = await holdPage(page, "/industries", "no content");
    const clicked = navLink(page, "Industries").click({ noWaitAfter: true });
    await expect.poll(() => seen.some((s) => s.loading)).toBe(true);
    await cdp.send("Page.stopLoading");
    await expect.poll(() => seen.at(-1)).toEqual({ path: "/about", loading: false, heading: true, nav: true });
    release();
    await clicked;
    expect(new URL(page.url()).pathname).toBe("/about");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);

    // The server answers without a page (204): the browser stays here and reports nothing, so the
    // placeholder stays until the visitor presses Escape.
    seen.length = 0;
    const noContent = await holdPage(page, "/industries", "no content");
    const clickedAgain = navLink(page, "Industries").click({ noWaitAfter: true });
    await expect.poll(() => seen.some((s) => s.loading)).toBe(true);
    noContent();
    await clickedAgain;
    await page.keyboard.press("Escape");
    await expect.poll(() => seen.at(-1)).toEqual({ path: "/about", loading: false, heading: true, nav: true });
    await page.unrouteAll();
    expect(new URL(page.url()).pathname).toBe("/about");

    // Away and back: the page goes into the back/forward cache with the placeholder showing, and
    // shows its content again when it comes back.
    await page.evaluate(() => addEventListener("pageshow", (e) => ((window as any).__restored = e.persisted)));
    const releaseContact = await holdPage(page, "/contact", "continue");
    seen.length = 0;
    const left = navLink(page, "Contact").click();
    await expect.poll(() => seen.some((s) => s.path === "/about" && s.loading)).toBe(true);
    releaseContact();
    await left;
    await page.waitForURL("**/contact");
    await page.goBack({ waitUntil: "commit" });
    await page.waitForURL("**/about", { waitUntil: "commit" });
    await expect.poll(() => page.evaluate(() => (window as any).__restored)).toBe(true);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
    expect(await page.getByText("Loading page...").isVisible()).toBe(false);
    await withCache.close();
  });

  it("fades and slides pages in over 0.2 s between routes (a view transition), only fading under reduced motion", async () => {
    // Recorded in every document as it is revealed: whether a view transition runs, and the animation
    // its new page gets. Read from the new page's pseudo-element when the transition is ready (the
    // pseudo-elements exist until it finishes, a frame later at the earliest), not from the running
    // animations: on a busy machine a 0.2 s animation could be over, or not yet listed, by then.
    const record = () => {
      addEventListener("pagereveal", (event) => {
        const transition = (event as Event & { viewTransition: ViewTransition | null }).viewTransition;
        (window as any).__reveal = transition ? "transition" : "none";
        void transition?.ready.then(() => {
          const style = getComputedStyle(document.documentElement, "::view-transition-new(page)");
          (window as any).__pageAnimations = style.animationName
            .split(", ")
            .filter((name) => name !== "none")
            .map((name, i) => ({ name, duration: parseFloat(style.animationDuration.split(", ")[i]!) * 1000 }));
        });
      });
    };
    const visit = async (options: Parameters<typeof newPage>[1] = {}) => {
      const { page } = await newPage(browser, options);
      await page.addInitScript(record);
      await page.goto(server.url + "/about");
      await waitForScripts(page);
      // The page a visit starts on is painted at once: its hero text is in the first frame.
      expect(await page.evaluate(() => (window as any).__reveal)).toBe("none");
      await navLink(page, "Industries").click();
      await page.waitForURL("**/industries");
      await expect
        .poll(() => page.evaluate(() => (window as any).__reveal), {
          message: "a view transition revealed /industries",
        })
        .toBe("transition");
      return page;
    };
    const normal = await visit();
    await expect
      .poll(() => normal.evaluate(() => (window as any).__pageAnimations), { message: "the new page's animations" })
      .toEqual([{ name: "page-enter", duration: 200 }]);
    await normal.context().close();

    const reduced = await visit({ reducedMotion: "reduce" });
    await expect
      .poll(() => reduced.evaluate(() => (window as any).__pageAnimations), {
        message: "the new page's animations under reduced motion",
      })
      .toEqual([{ name: "page-fade", duration: 200 }]);
    const keyframes = await reduced.evaluate(() =>
      [...document.styleSheets]
        .flatMap((s) => [...s.cssRules])
        .filter((r): r is CSSKeyframesRule => r instanceof CSSKeyframesRule && r.name === "page-fade")
        .map((r) => r.cssText)
        .join(""),
    );
    expect(keyframes).toContain("opacity");
    expect(keyframes).not.toContain("transform");
    await reduced.context().close();
  });
});

describe("footer", () => {
  it("shows the pledge, contact links, quick links, location, copyright and legal links", async () => {
    const { page } = await open("/");
    const footer = page.getByRole("contentinfo");
    expect(await footer.getByRole("heading", { name: "The Meritum Pledge" }).isVisible()).toBe(true);
    expect(await footer.getByRole("link", { name: "(800) 431-9848" }).getAttribute("href")).toBe("tel:+18004319848");
    expect(await footer.getByRole("link", { name: /@/ }).getAttribute("href")).toMatch(/^mailto:/);
    expect(await footer.getByRole("link", { name: /LinkedIn/ }).getAttribute("href")).toMatch(
      /^https:\/\/www\.linkedin\.com\//,
    );
    const quick = footer.getByRole("navigation", { name: "Quick Links" });
    expect((await quick.getByRole("link").allTextContents()).map((t) => t.trim())).toEqual([
      "Home",
      "About Us",
      "Services",
      "Resources",
      "Meet Mark",
      "Contact",
    ]);
    expect(await footer.getByText("Gilbert, Arizona").isVisible()).toBe(true);
    expect(await footer.getByText(/© 2025 Meritum\..*Licensed Payment Processor/).isVisible()).toBe(true);
    expect(await footer.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe("/privacy-policy");
    expect(await footer.getByRole("link", { name: "Terms of Service" }).getAttribute("href")).toBe("/terms-of-service");
    await page.context().close();
  });
});

describe("accessibility", () => {
  it("axe-core finds no violations on the home page", async () => {
    const { page, problems } = await open("/");
    const violations = await axeViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("axe-core finds no violations with a dropdown open, or the phone drawer", async () => {
    const { page } = await open("/");
    await navTrigger(page, "Services").click();
    await expect.poll(() => navLink(page, "Services overview").isVisible()).toBe(true);
    // The script sets aria-expanded on the popover's toggle event, a task after it opened.
    await expect.poll(() => navTrigger(page, "Services").getAttribute("aria-expanded")).toBe("true");
    let violations = await axeViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect.poll(() => page.getByRole("dialog", { name: "Menu" }).isVisible()).toBe(true);
    violations = await axeViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await page.context().close();
  });

  it("names the destination of every 'Learn more' link on the home page in its text", async () => {
    const { page } = await open("/");
    const links = page.getByRole("link", { name: /^Learn more/ });
    const names = await links.evaluateAll((els) => els.map((el) => el.textContent?.trim()));
    expect(names).toEqual([
      "Learn more about Small Business Merchant Accounts",
      "Learn more about Mobile Payment Options",
      "Learn more about Online Payment Gateways",
    ]);
    expect(await page.getByRole("link", { name: "Learn more", exact: true }).count()).toBe(0);
    await page.context().close();
  });
});
