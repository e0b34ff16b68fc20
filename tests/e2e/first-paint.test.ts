import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { releaseBrowser, sharedBrowser, newPage, waitForScripts } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";

// The five pages bench:lighthouse measures (issue 11).
const PAGES = [
  "/",
  "/services/merchant-accounts",
  "/contact",
  "/resources/blog",
  "/resources/blog/how-to-read-a-merchant-statement",
];

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), sharedBrowser()]);
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

/** Loads `path` on a phone-sized screen and reads what the browser recorded of its first load. */
async function firstLoad(path: string) {
  const { page, problems } = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true });
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: { inMain: boolean; time: number }[] };
    w.__lcp = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const element = (entry as PerformanceEntry & { element?: Element | null }).element;
        w.__lcp.push({ inMain: Boolean(element?.closest("#main")), time: entry.startTime });
      }
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  await page.goto(server.url + path);
  await waitForScripts(page);
  const timings = await page.evaluate(() => {
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    return {
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
      scripts: resources.filter((r) => r.name.endsWith(".js")).map((r) => ({ name: r.name, start: r.startTime })),
      stylesheets: resources.filter((r) => r.name.endsWith(".css")).map((r) => ({ name: r.name, end: r.responseEnd })),
      lcp: (window as unknown as { __lcp: { inMain: boolean; time: number }[] }).__lcp,
      state: {
        enhanced: document.documentElement.hasAttribute("data-enhanced"),
        hydrated: document.documentElement.hasAttribute("data-hydrated"),
        routerContext: "__reactRouterContext" in window,
      },
      headOrder: [...document.head.querySelectorAll("link[rel=stylesheet], link[rel=modulepreload], script[src]")].map(
        (el) => el.getAttribute("rel") ?? "script",
      ),
    };
  });
  await page.context().close();
  return { ...timings, problems };
}

describe("first paint before the scripts (decisions 0009, 0037)", () => {
  it.each(PAGES)("%s paints with the stylesheet alone; the site's scripts start after and enhance it", async (path) => {
    const { fcp, scripts, stylesheets, headOrder, problems, state } = await firstLoad(path);
    expect(Number.isFinite(fcp), "first-contentful-paint recorded").toBe(true);
    expect(stylesheets.length).toBeGreaterThan(0);
    for (const css of stylesheets) expect(css.end, css.name).toBeLessThanOrEqual(fcp);
    // The site's scripts ran (waitForScripts), from modules requested only once the page was on screen.
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script.start, script.name).toBeGreaterThanOrEqual(fcp);
    // ...and they are the site's own: no React, no React Router, nothing hydrated (decision 0037).
    expect(scripts.filter((s) => /\/(entry\.client|framework)-[^/]*\.js$/.test(s.name))).toEqual([]);
    expect(state).toEqual({ enhanced: true, hydrated: false, routerContext: false });
    // The stylesheet leads <head>; the module preloads come after it, added by the start script.
    expect(headOrder[0]).toBe("stylesheet");
    expect(headOrder).toContain("modulepreload");
    // No CSP violation from the script that starts them, no error.
    expect(problems.errors).toEqual([]);
  });

  it("shows the page's own text in the first frame, with no entrance animation", async () => {
    for (const path of ["/", "/services/merchant-accounts"]) {
      const { fcp, lcp } = await firstLoad(path);
      // The first frame's largest paint is already the page's own text (not the header's logo, as
      // while the page faded in: an element at opacity 0 is no candidate). A busy machine may paint
      // a half-parsed page first and a larger hero piece a frame later; that later candidate is
      // in main too, so every candidate is checked, and the first one must be the first frame's.
      expect(lcp[0]?.time, path).toBe(fcp);
      for (const candidate of lcp) expect(candidate.inMain, path).toBe(true);
    }
  });

  // The start script's other ways in: each must still start the site's scripts, without an error.
  const fallbacks: Array<[string, () => void]> = [
    [
      "a browser without PerformanceObserver",
      () => Object.defineProperty(window, "PerformanceObserver", { value: undefined, configurable: true }),
    ],
    [
      "a browser without paint timing",
      () => Object.defineProperty(PerformanceObserver, "supportedEntryTypes", { value: ["mark"], configurable: true }),
    ],
    [
      "a tab opened in the background",
      () => Object.defineProperty(document, "visibilityState", { get: () => "hidden", configurable: true }),
    ],
    [
      "a browser that never reports the paint (the 3 s fallback)",
      () => {
        class Silent {
          static supportedEntryTypes = ["paint"];
          observe() {}
          disconnect() {}
        }
        Object.defineProperty(window, "PerformanceObserver", { value: Silent, configurable: true });
      },
    ],
  ];
  it.each(fallbacks)("starts the scripts in %s", async (_name, setUp) => {
    const { page, problems } = await newPage(browser);
    await page.addInitScript(setUp);
    await page.goto(server.url + "/");
    await waitForScripts(page);
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("leaves staff screens to React Router: /login preloads its modules and starts hydrating with the document", async () => {
    const html = await (await fetch(`${server.url}/login`)).text();
    expect(html).toMatch(/<link rel="modulepreload"/);
    expect(html).toMatch(/<script[^>]*type="module"/);
    expect(html).toContain("__reactRouterContext");
    expect(html).not.toContain("data-scripts-start");
    // A public page carries no hydration data and no React Router modules, only the start script.
    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).not.toMatch(/<link rel="modulepreload"/);
    expect(home).not.toContain("__reactRouterContext");
    expect(home).not.toMatch(/entry\.client-/);
    expect(home).toContain("data-scripts-start");
  });
});
