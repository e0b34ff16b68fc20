// Renders the site icons and the default share image from SVG/HTML in Chromium and writes
// them to public/. Run after changing the logo mark (app/components/site/logo.tsx):
//   node scripts/make-icons.mjs
// Output: favicon.svg, favicon.ico (16/32/48 PNGs in an ICO container), apple-touch-icon.png
// (180), icon-192.png, icon-512.png, site.webmanifest, og-default.png (1200x630).
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, "public");
fs.mkdirSync(out, { recursive: true });

// The shield-and-check mark of logo.tsx.
const NAVY = "#153d6e";
const DARK = "#0a1d36";
const GREEN = "#34d399";
const shield = (fill = NAVY, check = GREEN) =>
  `<path d="M16 2 4 6.5v8.7C4 22.6 9.1 28.6 16 30c6.9-1.4 12-7.4 12-14.8V6.5L16 2Z" fill="${fill}"/>` +
  `<path d="m10.5 16.2 3.8 3.8 7.4-7.9" fill="none" stroke="${check}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`;

const faviconSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${shield()}</svg>\n`;

/** A square app icon: navy tile, white shield, green check; the mark sits in the maskable safe zone. */
const tileSvg = (size) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">` +
  `<rect width="32" height="32" fill="${NAVY}"/>` +
  `<g transform="translate(6.4 6.4) scale(0.6)">${shield("#ffffff", "#059669")}</g></svg>`;

const ogHtml = `<!doctype html><html><head><style>
  * { box-sizing: border-box; margin: 0; }
  body { width: 1200px; height: 630px; font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif;
    background: linear-gradient(135deg, ${NAVY} 0%, ${DARK} 100%); color: #fff; padding: 72px 80px; position: relative; overflow: hidden; }
  .brand { display: flex; align-items: center; gap: 18px; font-size: 44px; font-weight: 800; letter-spacing: -1px; }
  .brand svg { width: 64px; height: 64px; }
  h1 { margin-top: 64px; font-size: 62px; line-height: 1.12; font-weight: 800; letter-spacing: -1.5px; max-width: 900px; }
  p { margin-top: 28px; font-size: 30px; color: #cbd5e1; }
  .pill { position: absolute; left: 80px; bottom: 64px; display: flex; gap: 16px; }
  .pill span { border: 2px solid rgba(255,255,255,.25); border-radius: 999px; padding: 10px 22px; font-size: 24px; color: #e2e8f0; }
  .pill span.go { background: #047857; border-color: #047857; color: #fff; font-weight: 700; }
  .ring { position: absolute; right: -230px; top: -250px; width: 520px; height: 520px; border-radius: 50%; border: 60px solid rgba(52,211,153,.12); }
</style></head><body>
  <div class="ring"></div>
  <div class="brand"><svg viewBox="0 0 32 32">${shield("#ffffff", "#059669")}</svg>Meritum</div>
  <h1>Payment processing with a person on the other end of the line</h1>
  <p>Merchant accounts · Mobile payments · Online gateways</p>
  <div class="pill"><span>Gilbert, Arizona</span><span>35+ years</span><span class="go">Get a Free Analysis</span></div>
</body></html>`;

/** An ICO file holding PNG images (supported by every current browser): ICONDIR + one ICONDIRENTRY per image. */
function icoFromPngs(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width (0 means 256)
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt8(0, 2); // palette colours
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  headless: true,
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
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  const renderSvg = async (svg, size, transparent = false) => {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      '<!doctype html><html><body style="margin:0;background:transparent">' +
        svg.replace("<svg ", `<svg style="display:block;width:${size}px;height:${size}px" `) +
        "</body></html>",
    );
    return page.screenshot({ type: "png", omitBackground: transparent });
  };

  fs.writeFileSync(path.join(out, "favicon.svg"), faviconSvg);
  const icoImages = [];
  for (const size of [16, 32, 48]) icoImages.push({ size, png: await renderSvg(faviconSvg, size, true) });
  fs.writeFileSync(path.join(out, "favicon.ico"), icoFromPngs(icoImages));
  fs.writeFileSync(path.join(out, "apple-touch-icon.png"), await renderSvg(tileSvg(180), 180));
  fs.writeFileSync(path.join(out, "icon-192.png"), await renderSvg(tileSvg(192), 192));
  fs.writeFileSync(path.join(out, "icon-512.png"), await renderSvg(tileSvg(512), 512));

  await page.setViewportSize({ width: 1200, height: 630 });
  await page.setContent(ogHtml);
  fs.writeFileSync(path.join(out, "og-default.png"), await page.screenshot({ type: "png" }));
} finally {
  await browser.close();
}

const manifest = {
  name: "Meritum Payment Processing",
  short_name: "Meritum",
  description: "Merchant accounts, mobile payments and online payment gateways with personal service.",
  start_url: "/",
  scope: "/",
  display: "minimal-ui",
  background_color: "#ffffff",
  theme_color: NAVY,
  icons: [
    { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
};
fs.writeFileSync(path.join(out, "site.webmanifest"), JSON.stringify(manifest, null, 2) + "\n");

for (const name of fs.readdirSync(out).sort())
  console.log(`public/${name}  ${fs.statSync(path.join(out, name)).size} bytes`);
