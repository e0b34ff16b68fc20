import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/** The public site's one browser entry: small modules that enhance server-rendered pages (decision 0037). */
export const SITE_SCRIPT_ENTRY = "app/enhance/site.ts";

const VIRTUAL_ID = "virtual:site-scripts";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The entry's file and every chunk it imports statically (what a page must preload), as URLs. */
function entryUrls(manifest: Record<string, ManifestChunk>, base: string): { entry: string; preloads: string[] } {
  const root = manifest[SITE_SCRIPT_ENTRY];
  if (!root) throw new Error(`site scripts: ${SITE_SCRIPT_ENTRY} is missing from the client build's manifest`);
  const seen = new Set<string>();
  const walk = (key: string) => {
    for (const imported of manifest[key]?.imports ?? []) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      walk(imported);
    }
  };
  walk(SITE_SCRIPT_ENTRY);
  const url = (file: string) => base + file;
  return { entry: url(root.file), preloads: [...seen].map((key) => url(manifest[key]!.file)) };
}

/**
 * Builds `app/enhance/site.ts` as its own chunk of the client build (public pages do not load
 * React: decision 0037) and gives the server its URLs through `virtual:site-scripts`:
 * `{ entry, preloads }` on the server, `null` in browser bundles (which never render it). The
 * client build runs first, so the server build reads the entry's file name from its manifest.
 */
export function siteScripts(): Plugin {
  return {
    name: "meritum:site-scripts",
    buildStart() {
      if (this.environment.name === "client" && this.environment.mode === "build") {
        this.emitFile({
          type: "chunk",
          id: path.resolve(this.environment.config.root, SITE_SCRIPT_ENTRY),
          name: "site-scripts",
        });
      }
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const env = this.environment;
      if (env.name !== "ssr") return "export default null;";
      const config = env.getTopLevelConfig();
      if (env.mode === "dev") {
        return `export default ${JSON.stringify({ entry: `${config.base}${SITE_SCRIPT_ENTRY}`, preloads: [] })};`;
      }
      const clientOutDir = path.resolve(config.root, config.environments.client!.build.outDir);
      const manifestPath = path.join(clientOutDir, ".vite", "manifest.json");
      const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as Record<string, ManifestChunk>;
      return `export default ${JSON.stringify(entryUrls(manifest, config.base))};`;
    },
  };
}
