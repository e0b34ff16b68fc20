import http from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKinds } from "../support/db";
import { startTestServer, type TestServer } from "../support/server";

describe.each(dbKinds())("HTTP server on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // An empty database, which the server migrates at start as in production.
    server = await startTestServer({ db: kind, emptyDatabase: true });
  });
  afterAll(() => server.stop());

  it("GET /healthz reports the database as reachable", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "reachable", dialect: kind });
  });

  it("server-renders the home page with the shell", async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Get Free Analysis");
    expect(html).toContain("(800) 431-9848");
    expect(html).toContain("The Meritum Pledge");
  });

  it("answers unknown paths with the not-found page and status 404", async () => {
    for (const path of ["/no-such-page", "/services/nope/deeper", "/meet-somebody-else", "/industries/unknown"]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain("Page not found");
    }
  });

  it("answers unknown API paths with the JSON error shape", async () => {
    const res = await fetch(`${server.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({
      error: { code: "not_found", message: "No API endpoint at GET /api/nothing-here." },
    });
  });

  it("sends security headers and compresses HTML", async () => {
    const res = await fetch(`${server.url}/about`, { headers: { "accept-encoding": "br, gzip" } });
    expect(res.headers.get("content-encoding")).toMatch(/br|gzip/);
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("strict-transport-security")).toContain("max-age=");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    const html = await res.text();
    // Every script the page ships carries this request's nonce.
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)]
      .map((m) => m[0])
      .filter((tag) => !tag.includes("application/ld+json"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("serves hashed assets with long-lived immutable caching", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)![0];
    const res = await fetch(`${server.url}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("writes one structured log line per request", async () => {
    await fetch(`${server.url}/contact?probe=1`);
    const findLine = () =>
      server
        .logs()
        .split("\n")
        .find((l) => l.includes('"path":"/contact"'));
    await expect.poll(findLine).toBeDefined();
    const line = findLine();
    expect(line).toBeDefined();
    const entry = JSON.parse(line!);
    expect(entry).toMatchObject({ level: "info", msg: "request", method: "GET", path: "/contact", status: 200 });
    expect(typeof entry.ms).toBe("number");
    expect(entry.requestId).toBeTruthy();
  });
});

/** A POST with full control of the headers (fetch will not send a custom Host). */
function rawPost(base: string, path: string, headers: Record<string, string>): Promise<number> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path, method: "POST", headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end("hello");
  });
}

describe("behind a reverse proxy", () => {
  const lastLogFor = (server: TestServer, path: string) =>
    server
      .logs()
      .split("\n")
      .filter((l) => l.includes(`"path":"${path}"`))
      .map((l) => JSON.parse(l) as { ip: string })
      .at(-1);

  it("with TRUST_PROXY, takes the client IP the proxy appended and accepts HTTPS form posts", async () => {
    const server = await startTestServer({ env: { TRUST_PROXY: "1", SITE_URL: "https://www.example.test" } });
    try {
      await fetch(`${server.url}/about?ip`, { headers: { "x-forwarded-for": "6.6.6.6, 198.51.100.20" } });
      await expect.poll(() => lastLogFor(server, "/about")?.ip).toBe("198.51.100.20");

      // The browser's Origin is https://…; React Router must see the same origin, or it refuses
      // every form post with 400. The action answers 415 to a text/plain body: it was reached.
      // Proxies either pass the site's Host on, or their own upstream address plus X-Forwarded-Host.
      for (const host of ["www.example.test", new URL(server.url).host]) {
        const status = await rawPost(server.url, "/contact", {
          host,
          origin: "https://www.example.test",
          "x-forwarded-proto": "https",
          "x-forwarded-host": "www.example.test",
          "x-forwarded-for": "198.51.100.21",
          "content-type": "text/plain",
        });
        expect(status, host).toBe(415);
      }
      const foreign = await rawPost(server.url, "/contact", {
        host: "www.example.test",
        origin: "https://evil.example",
        "x-forwarded-proto": "https",
        "x-forwarded-host": "www.example.test",
        "content-type": "text/plain",
      });
      expect(foreign).toBe(400);
    } finally {
      await server.stop();
    }
  });

  it("without TRUST_PROXY, ignores X-Forwarded-For", async () => {
    const server = await startTestServer();
    try {
      await fetch(`${server.url}/about?ip`, { headers: { "x-forwarded-for": "6.6.6.6" } });
      await expect.poll(() => lastLogFor(server, "/about")?.ip).toBe("127.0.0.1");
    } finally {
      await server.stop();
    }
  });
});

describe("production start-up", () => {
  it("refuses to start without AUTH_SECRET and says why", async () => {
    await expect(startTestServer({ env: { AUTH_SECRET: "" } })).rejects.toThrow(
      /exited with 1[\s\S]*AUTH_SECRET must be set/,
    );
  });
});

describe("graceful shutdown", () => {
  it("finishes the in-flight request, then exits 0 on SIGTERM", async () => {
    const server = await startTestServer();
    try {
      const inFlight = fetch(`${server.url}/resources`);
      await new Promise((r) => setTimeout(r, 5));
      const exited = new Promise<number | null>((resolve) => server.process.once("exit", resolve));
      server.process.kill("SIGTERM");
      const res = await inFlight;
      expect(res.status).toBe(200);
      await res.text();
      expect(await exited).toBe(0);
      expect(server.logs()).toContain("shutdown complete");
    } finally {
      await server.stop();
    }
  });
});

// Runs wherever PostgreSQL is available (always in CI, where TEST_DATABASE_URL is required).
describe.each(dbKinds().filter((kind) => kind === "postgres"))("healthz when %s goes away", () => {
  it("answers 503 with the database unreachable", async () => {
    const server = await startTestServer({ db: "postgres" });
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      const name = new URL(server.database.databaseUrl).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
      const res = await fetch(`${server.url}/healthz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: "error", database: "unreachable", dialect: "postgres" });
    } finally {
      await server.stop();
    }
  });
});
