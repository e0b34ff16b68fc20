import fs from "node:fs";
import path from "node:path";
import type { ServerBuild } from "react-router";

/**
 * The site's stylesheet, inlined into every production page (decision 0009): a phone on a slow
 * link paints the hero text with the HTML instead of waiting for a render-blocking CSS request.
 * Takes the root route's CSS files out of the build's asset manifest (so neither the server's
 * nor the browser's `<Links />` renders a `<link rel="stylesheet">` for them) and keeps their
 * text for the document. Development keeps Vite's stylesheet links.
 */
let stylesheet: string | null = null;
const prepared = new WeakSet<object>();

export function inlineRootStylesheet(build: ServerBuild, clientDir: string): ServerBuild {
  const root = build.assets.routes.root;
  if (prepared.has(build.assets) || !root?.css?.length) return build;
  stylesheet = root.css.map((href) => fs.readFileSync(path.join(clientDir, href), "utf8")).join("\n");
  root.css = [];
  prepared.add(build.assets);
  return build;
}

/** The inlined stylesheet's text, or null when pages link it (development). */
export function inlinedStylesheet(): string | null {
  return stylesheet;
}
