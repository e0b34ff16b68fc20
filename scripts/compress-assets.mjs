// Runs after `react-router build`: writes `name.br` (brotli 11) and `name.gz` (gzip 9) beside
// every compressible client asset in build/client/assets, so the server sends them without
// compressing on each request (server/http/precompressed.ts). Files that would not shrink are skipped.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const dir = path.resolve(import.meta.dirname, "../build/client/assets");
const compressible = /\.(js|css|svg|json|map)$/;
let files = 0;
let before = 0;
let afterBr = 0;
for (const name of fs.readdirSync(dir, { recursive: true })) {
  if (!compressible.test(name)) continue;
  const file = path.join(dir, name);
  const body = fs.readFileSync(file);
  const br = zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gz = zlib.gzipSync(body, { level: 9 });
  if (gz.length >= body.length) continue;
  fs.writeFileSync(file + ".br", br);
  fs.writeFileSync(file + ".gz", gz);
  files++;
  before += body.length;
  afterBr += br.length;
}
console.log(
  `compress-assets: ${files} files, ${(before / 1024).toFixed(0)} KB -> ${(afterBr / 1024).toFixed(0)} KB brotli (+ .gz)`,
);
