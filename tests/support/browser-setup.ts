import type { TestProject } from "vitest/node";
import { launchSharedBrowserServer } from "./browser";

/**
 * The e2e project's globalSetup: one headless Chromium for every e2e file of the run, which
 * `launchBrowser()` connects to (tests/support/browser.ts). Closed when the run ends.
 */
export default async function setup(project: TestProject) {
  const server = await launchSharedBrowserServer();
  project.provide("chromiumEndpoint", server.wsEndpoint());
  return async () => {
    await server.close();
  };
}
