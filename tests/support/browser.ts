import fs from "node:fs";
import { createRequire } from "node:module";
import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import { park, pooledContext } from "./context-pool";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Debian's Chromium, headless, with the flags this machine needs. Missing Chromium is a failure.
 * `backForwardCache`: keep Chromium's back/forward cache, which Playwright turns off by default.
 */
export async function launchBrowser(options: { backForwardCache?: boolean } = {}): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: run \`npm run test:setup\` (installs Debian's chromium).`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    ignoreDefaultArgs: options.backForwardCache ? ["--disable-back-forward-cache"] : undefined,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

let shared: Promise<Browser> | undefined;

/**
 * The Chromium of this test worker. A worker runs its e2e files one after another (isolate: false),
 * and each file used to start a Chromium of its own and close it: about half a second of CPU each
 * time on a CPU-bound 2-core machine. What a file leaves in the browser, `releaseBrowser` closes
 * or empties (cookies, storage and cache belong to a context), so the next file finds none of it.
 */
export function sharedBrowser(): Promise<Browser> {
  shared ??= launchBrowser().then((browser) => {
    browser.once("disconnected", () => (shared = undefined));
    return browser;
  });
  return shared;
}

/**
 * A file is done with the shared browser: every context it opened is closed, or emptied and
 * parked for the next file when it came from `newPage` (tests/support/context-pool.ts); the
 * browser stays.
 */
export async function releaseBrowser(browser: Browser | undefined): Promise<void> {
  if (!browser?.isConnected()) return;
  await Promise.all(browser.contexts().map((context) => park(context)));
}

export interface PageProblems {
  errors: string[];
}

/**
 * Chromium's report of a cross-document view transition it skipped (decision 0037): when a link
 * is followed while the page is still being revealed, or before the browser has seen the page opt
 * in, it drops the 0.2 s animation and rejects a promise no page code can reach (the page's
 * `pagereveal` has already fired, so no handler can be attached). The navigation itself completes;
 * it is not an error of the site's.
 */
const skippedViewTransition = (message: string) =>
  /^(Uncaught \(in promise\) \w+: )?Transition was aborted because of invalid state\. (Page already revealed|ViewTransition opt-in disabled)$/.test(
    message,
  );

/**
 * A new page, in a context of its own as a new visitor has (an emptied one used again:
 * tests/support/context-pool.ts), that records console errors and uncaught exceptions (CSP
 * violations, hydration errors). `page.context().close()` ends the visitor.
 */
export async function newPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; problems: PageProblems }> {
  const context = await pooledContext(browser, { viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const problems: PageProblems = { errors: [] };
  page.on("console", (msg) => {
    if (msg.type() === "error" && !skippedViewTransition(msg.text())) problems.errors.push(msg.text());
  });
  page.on("pageerror", (err) => {
    if (!skippedViewTransition(err.message)) problems.errors.push(err.message);
  });
  return { page, problems };
}

/**
 * Waits until the page's scripts run: React has hydrated a staff screen (app/root.tsx marks
 * <html data-hydrated>) or the site's scripts have enhanced a public page (app/enhance/site.ts
 * marks <html data-enhanced>, decision 0037). Before that, a click on a button is lost on a busy
 * machine even though the button is visible.
 */
export async function waitForScripts(page: Page): Promise<void> {
  await page.waitForSelector("html[data-hydrated], html[data-enhanced]", { state: "attached", timeout: 30_000 });
}

/** Takes `page` to `url` and waits until the network is idle and the page's scripts run. */
async function arrive(page: Page, url: string) {
  const response = await page.goto(url);
  await page.waitForLoadState("networkidle");
  // Public pages start their scripts after the first paint (decisions 0009, 0037): menus answer clicks after that.
  await waitForScripts(page);
  return response;
}

/** Opens `url` in a new page and waits until the network is idle and the page's scripts run. */
export async function openPage(browser: Browser, url: string, options: BrowserContextOptions = {}) {
  const { page, problems } = await newPage(browser, options);
  const response = await arrive(page, url);
  return { page, problems, response };
}

/**
 * One visitor's tab for a series of pages that each get the same checks (axe-core, console
 * errors): `visit` takes the tab to the next page, as a visitor following links would, and starts
 * the page's problems afresh. A new context for each page would cost Chromium a renderer process
 * and a cold cache every time, most of the CPU such a check takes on 2 cores.
 */
export async function visitorTab(browser: Browser, options: BrowserContextOptions = {}) {
  const { page, problems } = await newPage(browser, options);
  return {
    page,
    problems,
    visit(url: string) {
      problems.errors.length = 0;
      return arrive(page, url);
    },
    close: () => page.context().close(),
  };
}

export type VisitorTab = Awaited<ReturnType<typeof visitorTab>>;

/** A dropdown button of the public site's main navigation (app/components/site/desktop-nav.tsx). */
export function navTrigger(page: Page, name: string) {
  return page.getByRole("navigation", { name: "Main" }).getByRole("button", { name });
}

/** A link of the public site's main navigation, by its exact name. */
export function navLink(page: Page, name: string) {
  return page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true });
}

/** Signs a staff member in through the sign-in page, as a person would, and waits for the dashboard. */
export async function signInAs(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await waitForScripts(page);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${baseUrl}/admin`);
}

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/**
 * Runs axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on the page. Injected through
 * evaluate, which the page's CSP does not govern, so the CSP under test stays intact.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(`${axeSource};0`);
  return page.evaluate(async () => {
    // The page as a person reads it: a 0.2 s route transition still fading in would lower
    // every colour's contrast (finite animations only; each settles within a second).
    await Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
    const axe = (
      window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

/** A readable summary of violations for an assertion message. */
export function formatViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`)
    .join("\n");
}
