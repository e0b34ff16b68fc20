import fs from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import { chooseEncoding } from "./page-cache/store";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};

/**
 * Serves the build's hashed assets precompressed: for `x.js` the build wrote `x.js.br`
 * (brotli 11) and `x.js.gz` (gzip 9) (scripts/compress-assets.mjs); the one the browser accepts
 * is sent as is, so no request pays for compression. Anything else falls through to the
 * static handler (and on-the-fly compression).
 */
export function precompressedAssets(dir: string) {
  const available = new Set<string>();
  if (fs.existsSync(dir)) {
    for (const name of fs.readdirSync(dir, { recursive: true }) as string[]) {
      if (name.endsWith(".br") || name.endsWith(".gz")) available.add(name.split(path.sep).join("/"));
    }
  }
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !available.size) return next();
    const name = decodeURIComponent(req.path).replace(/^\/+/, "");
    const type = TYPES[path.extname(name)];
    if (!type || name.includes("..")) return next();
    const encoding = chooseEncoding(req.headers["accept-encoding"]);
    const suffix = encoding === "br" ? ".br" : encoding === "gzip" ? ".gz" : null;
    if (!suffix || !available.has(name + suffix)) return next();
    res.setHeader("Content-Type", type);
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Vary", "Accept-Encoding");
    res.sendFile(name + suffix, { root: dir, immutable: true, maxAge: "1y", dotfiles: "deny" }, (err) => {
      if (err && !res.headersSent) next();
    });
  };
}
