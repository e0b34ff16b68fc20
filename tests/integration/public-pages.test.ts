import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bumpContentVersion } from "@server/content-version/content-version";
import { industrySeed } from "@server/industries/industries.seed";
import { dbKinds } from "../support/db";
import { startTestServer, type TestServer } from "../support/server";

const SITE_URL = "https://www.meritum.test";

/** Every public page this branch owns, its h1, and the JSON-LD types it must carry. */
const pages: Array<{ path: string; h1: string | RegExp; ld: string[] }> = [
  { path: "/", h1: "Payment processing with a person on the other end of the line", ld: ["FinancialService"] },
  { path: "/about", h1: "Payment processing with a name and a phone number behind it", ld: ["FinancialService"] },
  { path: "/services", h1: "Payment services built around how you get paid", ld: ["BreadcrumbList"] },
  { path: "/services/merchant-accounts", h1: "Small business merchant accounts", ld: ["Service", "BreadcrumbList"] },
  { path: "/services/mobile-payments", h1: "Mobile payment options", ld: ["Service", "BreadcrumbList"] },
  { path: "/services/online-gateways", h1: "Online payment gateways", ld: ["Service", "BreadcrumbList"] },
  { path: "/industries", h1: "Payment processing for your industry", ld: ["BreadcrumbList"] },
  ...industrySeed.map((i) => ({
    path: `/industries/${i.slug}`,
    h1: `Payment processing for ${i.name.toLowerCase()}`,
    ld: ["BreadcrumbList"],
  })),
  { path: "/meet-mark", h1: "Meet Mark Ellison", ld: ["BreadcrumbList", "Person"] },
  { path: "/privacy-policy", h1: "Privacy policy", ld: ["BreadcrumbList"] },
  { path: "/terms-of-service", h1: "Terms of service", ld: ["BreadcrumbList"] },
  // The Free Analysis page belongs to another branch; only its head is checked here.
  { path: "/contact", h1: /\S/, ld: [] },
];

function decode(text: string): string {
  return text
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

interface Head {
  status: number;
  titles: string[];
  description?: string;
  canonical?: string;
  ogImage?: string;
  h1s: string[];
  jsonLd: Array<Record<string, unknown>>;
  ldNonces: string[];
  cspNonce?: string;
}

async function readPage(server: TestServer, path: string): Promise<Head> {
  const res = await fetch(`${server.url}${path}`);
  const html = await res.text();
  const csp = res.headers.get("content-security-policy") ?? "";
  const ldTags = [...html.matchAll(/<script type="application\/ld\+json"([^>]*)>([\s\S]*?)<\/script>/g)];
  return {
    status: res.status,
    titles: [...html.matchAll(/<title>([\s\S]*?)<\/title>/g)].map((m) => decode(m[1]!)),
    description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
    ogImage: /<meta property="og:image" content="([^"]*)"/.exec(html)?.[1],
    h1s: [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => decode(m[1]!)),
    jsonLd: ldTags.map((m) => JSON.parse(m[2]!) as Record<string, unknown>),
    ldNonces: ldTags.map((m) => /nonce="([^"]*)"/.exec(m[1]!)?.[1] ?? ""),
    cspNonce: /'nonce-([^']+)'/.exec(csp)?.[1],
  };
}

describe.each(dbKinds())("public pages on %s", (kind) => {
  let server: TestServer;
  const heads = new Map<string, Head>();

  beforeAll(async () => {
    server = await startTestServer({ db: kind, env: { SITE_URL } });
    for (const page of pages) heads.set(page.path, await readPage(server, page.path));
  });
  afterAll(() => server.stop());

  it.each(pages)("$path answers 200 with its h1, title, description, canonical and share tags", ({ path, h1 }) => {
    const head = heads.get(path)!;
    expect(head.status).toBe(200);
    expect(head.h1s).toHaveLength(1);
    if (typeof h1 === "string") expect(head.h1s[0]).toBe(h1);
    else expect(head.h1s[0]).toMatch(h1);
    expect(head.titles).toHaveLength(1);
    expect(head.titles[0]).toMatch(/Meritum/);
    expect(head.description!.length).toBeGreaterThan(50);
    expect(head.description).not.toMatch(/[{}]/); // settings placeholders are filled in
    expect(head.canonical).toBe(`${SITE_URL}${path}`);
    expect(head.ogImage).toBe(`${SITE_URL}/og-default.png`);
  });

  it("gives every page a unique title and description", () => {
    const titles = pages.map((p) => heads.get(p.path)!.titles[0]);
    const descriptions = pages.map((p) => heads.get(p.path)!.description);
    expect(new Set(titles).size).toBe(pages.length);
    expect(new Set(descriptions).size).toBe(pages.length);
  });

  it.each(pages.filter((p) => p.ld.length))("$path carries JSON-LD of the right types", ({ path, ld }) => {
    const head = heads.get(path)!;
    const types = head.jsonLd.map((d) => d["@type"]);
    for (const type of ld) expect(types, path).toContain(type);
    for (const doc of head.jsonLd) expect(doc["@context"]).toBe("https://schema.org");
    // The structured data carries this response's CSP nonce.
    for (const nonce of head.ldNonces) expect(nonce).toBe(head.cspNonce);
  });

  it("describes the company with phone, Gilbert AZ address and area served", () => {
    const org = heads.get("/")!.jsonLd.find((d) => d["@type"] === "FinancialService")!;
    expect(org).toMatchObject({
      name: "Meritum",
      telephone: "(800) 431-9848",
      url: `${SITE_URL}/`,
      address: { "@type": "PostalAddress", addressLocality: "Gilbert", addressRegion: "AZ", addressCountry: "US" },
    });
    const areas = (org.areaServed as Array<{ name: string }>).map((a) => a.name);
    expect(areas.some((a) => a.includes("East Valley"))).toBe(true);
    expect(areas).toContain("United States");
  });

  it("builds breadcrumbs with absolute URLs and a Service that names its provider", () => {
    const head = heads.get("/services/online-gateways")!;
    const crumbs = head.jsonLd.find((d) => d["@type"] === "BreadcrumbList")!;
    expect(crumbs.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: `${SITE_URL}/` },
      { "@type": "ListItem", position: 2, name: "Services", item: `${SITE_URL}/services` },
      {
        "@type": "ListItem",
        position: 3,
        name: "Online Payment Gateways",
        item: `${SITE_URL}/services/online-gateways`,
      },
    ]);
    const service = head.jsonLd.find((d) => d["@type"] === "Service")!;
    expect(service).toMatchObject({
      name: "Online Payment Gateways",
      provider: { name: "Meritum", telephone: "(800) 431-9848" },
    });
  });

  it("renders the industry body from Markdown, its needs and the recommended setup", async () => {
    const html = await (await fetch(`${server.url}/industries/restaurants`)).text();
    expect(html).toContain('<h2 id="h-what-to-check-on-a-restaurant-statement">');
    expect(html).toContain("Tip adjustment after the card is run, without a second charge");
    expect(html).toContain("Our recommended setup");
  });

  it("lists the industries from the database on home and on /industries, with links", async () => {
    for (const path of ["/", "/industries"]) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      for (const industry of industrySeed)
        expect(html, `${path} ${industry.slug}`).toContain(`href="/industries/${industry.slug}"`);
    }
  });

  it("shows the calculator and its assumptions from the settings store, and computes from the query without JavaScript", async () => {
    const plain = await (await fetch(`${server.url}/services/merchant-accounts`)).text();
    const text = decode(plain);
    expect(plain).toContain('id="savings-calculator"');
    expect(plain).toContain("How we estimate");
    expect(text).toContain("1.85% of volume");
    expect(text).toContain("$0.10 per transaction");
    const html = decode(
      await (await fetch(`${server.url}/services/merchant-accounts?volume=25000&transactions=500&fees=850`)).text(),
    );
    expect(html).toContain("Your current effective rate 3.40%");
    expect(html).toContain("Estimated monthly saving $265.00");
    expect(html).toContain("Estimated yearly saving $3,180.00");
    const raw = await (
      await fetch(`${server.url}/services/merchant-accounts?volume=25000&transactions=500&fees=850`)
    ).text();
    expect(raw).toContain('href="/contact?from=calculator&amp;volume=25000&amp;transactions=500&amp;fees=850"');
  });

  it("links the owner page to a phone call and a call-back request", async () => {
    const html = await (await fetch(`${server.url}/meet-mark`)).text();
    expect(html).toContain('href="tel:+18004319848"');
    expect(html).toContain('href="/contact?topic=call"');
  });

  it("answers an unknown industry with the not-found page and status 404", async () => {
    const res = await fetch(`${server.url}/industries/underwater-basket-weaving`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Page not found");
  });

  it("serves a valid sitemap.xml listing the public pages and industries, never admin or login", async () => {
    const res = await fetch(`${server.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await res.text();
    // The whole document must match the sitemaps.org grammar: nothing else, nothing unescaped.
    const url = [
      String.raw`\s*<url>\s*<loc>https://[^<>&\s]+</loc>\s*<lastmod>\d{4}-\d{2}-\d{2}</lastmod>`,
      String.raw`(\s*<changefreq>(daily|weekly|monthly|yearly)</changefreq>)?`,
      String.raw`(\s*<priority>[01]\.\d</priority>)?\s*</url>`,
    ].join("");
    const grammar = new RegExp(
      String.raw`^<\?xml version="1\.0" encoding="UTF-8"\?>\s*<urlset xmlns="http://www\.sitemaps\.org/schemas/sitemap/0\.9">(${url})*\s*</urlset>\s*$`,
    );
    expect(xml).toMatch(grammar);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(new Set(locs).size).toBe(locs.length);
    for (const page of pages) expect(locs, page.path).toContain(`${SITE_URL}${page.path}`);
    for (const industry of industrySeed) expect(locs).toContain(`${SITE_URL}/industries/${industry.slug}`);
    for (const loc of locs) {
      expect(loc.startsWith(SITE_URL)).toBe(true);
      expect(loc).not.toMatch(/\/(admin|login|api)(\/|$)/);
    }
  });

  it("leaves unpublished industries out of the sitemap and answers them with 404", async () => {
    await server.database.db.updateTable("industries").set({ published: false }).where("slug", "=", "retail").execute();
    // A raw write: bump the content version as every service write does, or cached pages stay.
    await bumpContentVersion(server.database.db);
    try {
      const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
      expect(xml).not.toContain("/industries/retail<");
      expect(xml).toContain("/industries/restaurants<");
      expect((await fetch(`${server.url}/industries/retail`)).status).toBe(404);
    } finally {
      await server.database.db
        .updateTable("industries")
        .set({ published: true })
        .where("slug", "=", "retail")
        .execute();
      await bumpContentVersion(server.database.db);
    }
  });

  it("serves robots.txt disallowing admin and login and pointing at the absolute sitemap", async () => {
    const res = await fetch(`${server.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toMatch(/^Disallow: \/login$/m);
    expect(text).toMatch(new RegExp(`^Sitemap: ${SITE_URL.replace(/\./g, "\\.")}/sitemap\\.xml$`, "m"));
  });

  it("serves the icons, the web manifest and the share image", async () => {
    for (const [path, type] of [
      ["/favicon.ico", /image\/(x-icon|vnd\.microsoft\.icon)/],
      ["/favicon.svg", /image\/svg\+xml/],
      ["/apple-touch-icon.png", /image\/png/],
      ["/icon-192.png", /image\/png/],
      ["/icon-512.png", /image\/png/],
      ["/og-default.png", /image\/png/],
    ] as const) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toMatch(type);
    }
    const png = Buffer.from(await (await fetch(`${server.url}/og-default.png`)).arrayBuffer());
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    const touch = Buffer.from(await (await fetch(`${server.url}/apple-touch-icon.png`)).arrayBuffer());
    expect([touch.readUInt32BE(16), touch.readUInt32BE(20)]).toEqual([180, 180]);
    const ico = Buffer.from(await (await fetch(`${server.url}/favicon.ico`)).arrayBuffer());
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    expect(ico.readUInt16LE(4)).toBeGreaterThan(0);
    const manifest = (await (await fetch(`${server.url}/site.webmanifest`)).json()) as {
      name: string;
      icons: Array<{ src: string }>;
    };
    expect(manifest.name).toMatch(/Meritum/);
    expect(manifest.icons.map((i) => i.src)).toEqual(expect.arrayContaining(["/icon-192.png", "/icon-512.png"]));
  });
});
