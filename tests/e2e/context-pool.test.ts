import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPage, releaseBrowser, sharedBrowser } from "../support/browser";
import { keepFromPool } from "../support/context-pool";

/**
 * The pool behind `newPage` (tests/support/context-pool.ts, decision 0057): a context a test
 * closes comes back to the next test emptied, as a new visitor's would be. A plain server in this
 * process: a page, and a script the browser may cache for an hour, counted as they are asked for.
 */
describe("browser contexts used again", () => {
  let browser: Browser;
  let server: http.Server;
  let origin: string;
  const asked = { page: 0, script: 0 };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === "/cached.js") {
        asked.script++;
        res.writeHead(200, { "Content-Type": "text/javascript", "Cache-Control": "public, max-age=3600" });
        res.end("window.loaded = true;");
        return;
      }
      asked.page++;
      res.writeHead(200, { "Content-Type": "text/html", "Cache-Control": "no-store" });
      res.end('<!doctype html><title>pool</title><script src="/cached.js"></script><p>page</p>');
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await new Promise((resolve) => server.close(resolve));
  });

  it("gives the next test the same context with no cookie, storage, cached file or permission of the last", async () => {
    const options = { viewport: { width: 640, height: 480 } };
    const first = await newPage(browser, options);
    await first.page.goto(`${origin}/`);
    await first.page.evaluate(() => {
      document.cookie = "visitor=first; max-age=3600";
      localStorage.setItem("seen", "yes");
    });
    await first.page.context().grantPermissions(["clipboard-read"], { origin });
    await first.page.goto(`${origin}/again`);
    // The second page took the script from the cache.
    expect(asked.script).toBe(1);
    const context = first.page.context();
    await context.close();
    expect(first.page.isClosed()).toBe(true);

    const second = await newPage(browser, options);
    expect(second.page.context()).toBe(context);
    await second.page.goto(`${origin}/`);
    expect(await second.page.evaluate(() => [document.cookie, localStorage.getItem("seen")])).toEqual(["", null]);
    expect(await second.page.context().cookies()).toEqual([]);
    expect(
      await second.page.evaluate(() =>
        navigator.permissions.query({ name: "clipboard-read" as PermissionName }).then((p) => p.state),
      ),
    ).not.toBe("granted");
    // Asked for again: the HTTP cache and the renderer's memory cache were emptied.
    expect(asked.script).toBe(2);
    await second.page.context().close();
  });

  it("closes a context for real when it cannot be emptied, and other option sets get a context of their own", async () => {
    const options = { viewport: { width: 641, height: 480 } };
    const clocked = await newPage(browser, options);
    keepFromPool(clocked.page.context());
    await clocked.page.context().close();
    expect(browser.contexts()).not.toContain(clocked.page.context());

    const next = await newPage(browser, options);
    expect(next.page.context()).not.toBe(clocked.page.context());
    const other = await newPage(browser, { viewport: { width: 642, height: 480 } });
    expect(other.page.context()).not.toBe(next.page.context());
    await next.page.context().close();
    await other.page.context().close();
  });
});
