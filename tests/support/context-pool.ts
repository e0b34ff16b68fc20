import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";

/**
 * Browser contexts used again, emptied, instead of new ones (decision 0057).
 *
 * Chromium gives each context renderer processes of its own. The first page of a new context
 * starts a renderer, about 0.6 s of CPU on this 2-core machine class, while a page opened in a
 * context that still has a page reuses that context's renderer (about 0.3 s less, and a
 * navigation in an open tab costs about 0.13 s). The e2e tests opened a context for almost every
 * visitor: hundreds per run, the largest single cost of the suite's Chromium.
 *
 * So a context opened through `pooledContext` is not closed when a test closes it: its pages
 * close, it is emptied (cookies, permissions, each origin's storage, the HTTP cache and the
 * renderer's memory cache) and parked with one blank page that keeps its renderer alive; the
 * next test asking for the same options gets it, as new as a new one to the site under test.
 * Contexts that cannot be emptied (a test installed a fake clock: `keepFromPool`) close for real.
 */

interface Pooled {
  context: BrowserContext;
  key: string;
  keeper: Page;
  /** Origins its pages loaded documents from: their storage is cleared when it is parked. */
  origins: Set<string>;
  parked: boolean;
  close: () => Promise<void>;
}

/** Parked contexts kept per option set: each keeps a renderer (tens of MB) alive. */
const MAX_PARKED = 3;
const parked = new Map<string, Pooled[]>();
const entries = new WeakMap<BrowserContext, Pooled>();
const unpoolable = new WeakSet<BrowserContext>();

/** A context with `options`: a parked one emptied for reuse, or a new one. */
export async function pooledContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  const key = JSON.stringify(options);
  const queue = parked.get(key) ?? [];
  while (queue.length) {
    const entry = queue.pop()!;
    if (entry.context.browser() !== browser || !browser.isConnected()) continue;
    entry.parked = false;
    return entry.context;
  }
  const context = await browser.newContext(options);
  const keeper = await context.newPage();
  const close = context.close.bind(context);
  const entry: Pooled = { context, key, keeper, origins: new Set(), parked: false, close: () => close() };
  entries.set(context, entry);
  context.on("page", (page) =>
    page.on("framenavigated", (frame) => {
      // about:blank, data: and an empty address have no origin with storage to clear.
      if (URL.canParse(frame.url()) && frame.url().startsWith("http")) entry.origins.add(new URL(frame.url()).origin);
    }),
  );
  // The tests' `context.close()` parks it; `releaseBrowser` does the same for what a file left open.
  context.close = () => park(context);
  return context;
}

/** The test changed `context` in a way that cannot be undone (a fake clock): it closes for real. */
export function keepFromPool(context: BrowserContext): void {
  unpoolable.add(context);
}

/**
 * Closes the pages a test opened in `context` and empties it for the next test, or closes it when
 * it is not a pooled context or cannot be emptied. Safe to call twice.
 */
export async function park(context: BrowserContext): Promise<void> {
  const entry = entries.get(context);
  if (!entry) return context.close();
  if (entry.parked) return;
  entry.parked = true;
  try {
    const queue = parked.get(entry.key) ?? [];
    if (unpoolable.has(context) || entry.keeper.isClosed() || queue.length >= MAX_PARKED) throw new Error("not kept");
    await withinTime(empty(context, entry), "emptying a context for reuse");
    // Checked again: other contexts may have been parked meanwhile (releaseBrowser parks at once).
    if (queue.length >= MAX_PARKED) throw new Error("not kept");
    queue.push(entry);
    parked.set(entry.key, queue);
  } catch (err) {
    if (err instanceof LateStep) console.warn(err.message);
    entries.delete(context);
    await withinTime(entry.close(), "closing a context").catch((late: unknown) => {
      if (late instanceof LateStep) console.warn(late.message);
    });
  }
}

/** Closes the pages a test opened and clears what the next test must not find. */
async function empty(context: BrowserContext, entry: Pooled): Promise<void> {
  await Promise.all(
    context
      .pages()
      .filter((page) => page !== entry.keeper)
      .map((page) => page.close()),
  );
  await Promise.all([context.clearCookies(), context.clearPermissions()]);
  const cdp = await context.newCDPSession(entry.keeper);
  try {
    for (const origin of entry.origins) await cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: "all" });
    // The HTTP cache, and the memory cache of the renderer the keeper shares with the next pages.
    await cdp.send("Network.clearBrowserCache");
  } finally {
    await cdp.detach();
  }
  entry.origins.clear();
}

/**
 * Chromium's calls have no time limit of their own: a step that hangs would hold the file's
 * `afterAll` until its hook timeout, failing a file whose tests all passed, with no word of why.
 * A context that is not emptied in time is closed instead; one that does not close is left.
 */
const STEP_MS = 10_000;
class LateStep extends Error {}
function withinTime<T>(step: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LateStep(`context pool: ${what} took over ${STEP_MS / 1000} s`)), STEP_MS);
  });
  // A step left behind may still fail; its failure is no longer anyone's to report.
  step.catch(() => undefined);
  return Promise.race([step, late]).finally(() => clearTimeout(timer));
}
