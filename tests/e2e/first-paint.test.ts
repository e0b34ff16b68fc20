import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, waitForHydration } from "../support/browser";
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
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
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
  await waitForHydration(page);
  const timings = await page.evaluate(() => {
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    return {
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
      scripts: resources.filter((r) => r.name.endsWith(".js")).map((r) => ({ name: r.name, start: r.startTime })),
      stylesheets: resources.filter((r) => r.name.endsWith(".css")).map((r) => ({ name: r.name, end: r.responseEnd })),
      lcp: (window as unknown as { __lcp: { inMain: boolean; time: number }[] }).__lcp,
      headOrder: [...document.head.querySelectorAll("link[rel=stylesheet], link[rel=modulepreload], script[src]")].map(
        (el) => el.getAttribute("rel") ?? "script",
      ),
    };
  });
  await page.context().close();
  return { ...timings, problems };
}

describe("first paint before hydration (decision 0009)", () => {
  it.each(PAGES)("%s paints with the stylesheet alone; its scripts start after, then hydrate", async (path) => {
    const { fcp, scripts, stylesheets, headOrder, problems } = await firstLoad(path);
    expect(Number.isFinite(fcp), "first-contentful-paint recorded").toBe(true);
    expect(stylesheets.length).toBeGreaterThan(0);
    for (const css of stylesheets) expect(css.end, css.name).toBeLessThanOrEqual(fcp);
    // Hydration happened (waitForHydration), from modules requested only once the page was on screen.
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script.start, script.name).toBeGreaterThanOrEqual(fcp);
    // The stylesheet leads <head>; the module preloads come after it, added by the start script.
    expect(headOrder[0]).toBe("stylesheet");
    expect(headOrder).toContain("modulepreload");
    // No CSP violation from the script that starts hydration, no hydration error.
    expect(problems.errors).toEqual([]);
  });

  it("shows the page's own text in the first frame, with no entrance animation", async () => {
    for (const path of ["/", "/services/merchant-accounts"]) {
      const { fcp, lcp } = await firstLoad(path);
      // The largest paint is the hero (not the header's logo, as while the page faded in).
      const largest = lcp.at(-1);
      expect(largest?.inMain, path).toBe(true);
      expect(largest?.time, path).toBe(fcp);
    }
  });

  // The start script's other ways in: each must still hydrate the page, without an error.
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
  it.each(fallbacks)("hydrates in %s", async (_name, setUp) => {
    const { page, problems } = await newPage(browser);
    await page.addInitScript(setUp);
    await page.goto(server.url + "/");
    await waitForHydration(page);
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it("leaves staff screens to React Router: /login preloads its modules and starts hydrating with the document", async () => {
    const html = await (await fetch(`${server.url}/login`)).text();
    expect(html).toMatch(/<link rel="modulepreload"/);
    expect(html).toMatch(/<script[^>]*type="module"/);
    expect(html).not.toContain("data-hydration-start");
    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).not.toMatch(/<link rel="modulepreload"/);
    expect(home).toContain("data-hydration-start");
  });
});
