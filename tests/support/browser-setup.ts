import type { TestProject } from "vitest/node";
import { launchSharedBrowser } from "./browser";
import { freePort } from "./lead-forms";

/**
 * The e2e project's globalSetup: one headless Chromium for every e2e file of the run, which
 * `launchBrowser()` connects to (tests/support/browser.ts). Closed when the run ends.
 */
export default async function setup(project: TestProject) {
  const port = await freePort();
  const browser = await launchSharedBrowser(port);
  project.provide("chromiumEndpoint", `http://127.0.0.1:${port}`);
  return async () => {
    await browser.close();
  };
}
