import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bumpContentVersion } from "@server/content/version";
import { issueFormToken } from "@server/leads/form-token";
import { startTestServer, type TestServer } from "../support/server";
import { startTestSmtp, type TestSmtp } from "../support/smtp";

/**
 * Two instances of the production build on one PostgreSQL database behind a small
 * round-robin reverse proxy (as nginx would be, with TRUST_PROXY=1): they behave as one site.
 */
const AUTH_SECRET = "test-secret-0123456789abcdef0123456789abcdef";

interface Proxy {
  url: string;
  /** Which upstream answered each request, in order. */
  served: string[];
  close: () => Promise<void>;
}

/** Round-robin HTTP proxy that appends the client address to X-Forwarded-For, like nginx. */
async function startProxy(upstreams: string[]): Promise<Proxy> {
  let next = 0;
  const served: string[] = [];
  const server = http.createServer((req, res) => {
    const target = new URL(upstreams[next++ % upstreams.length]!);
    served.push(target.origin);
    const forwarded = [req.headers["x-forwarded-for"], req.socket.remoteAddress].filter(Boolean).join(", ");
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, "x-forwarded-for": forwarded, "x-forwarded-proto": "http" },
      },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe("two instances on one PostgreSQL behind a proxy", () => {
  let a: TestServer;
  let b: TestServer;
  let proxy: Proxy;
  let smtp: TestSmtp;

  beforeAll(async () => {
    // Several instances share one PostgreSQL: without it this test fails (never skips).
    if (!process.env.TEST_DATABASE_URL)
      throw new Error("Two instances need PostgreSQL: set TEST_DATABASE_URL (npm test in CI always does).");
    smtp = await startTestSmtp();
    const env = {
      TRUST_PROXY: "1",
      SMTP_URL: smtp.url,
      STAFF_NOTIFY_EMAIL: "leads@meritum.test",
      CONTACT_MIN_SUBMIT_SECONDS: "0",
      CONTACT_RATE_LIMIT: "50",
      AUTH_RATE_LIMIT_MAX: "6",
      LEAD_NOTIFY_RETRY_SECONDS: "1",
    };
    a = await startTestServer({ db: "postgres", env });
    b = await startTestServer({ db: "postgres", env, sharedDatabase: a.database });
    proxy = await startProxy([a.url, b.url]);
  }, 90_000);
  afterAll(async () => {
    await proxy?.close();
    await b?.stop();
    await a?.stop();
    await smtp?.close();
  });

  it("shares rate limits: one budget across both instances", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${proxy.url}/admin/password-reset`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: proxy.url,
          "X-Forwarded-For": "192.0.2.50",
        },
        body: new URLSearchParams({ email: `nobody${i}@meritum.test` }),
      });
      statuses.push(res.status);
    }
    // Both instances answered, yet the 7th request is over the one budget of 6.
    expect(new Set(proxy.served.slice(-8)).size).toBe(2);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  });

  it("stores a statement posted through one instance where the other reads it, and e-mails the staff once", async () => {
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
    const sent: string[] = [];
    for (const [i, upstream] of [a, b, a, b].entries()) {
      const fd = new FormData();
      const fields: Record<string, string> = {
        formToken: issueFormToken(AUTH_SECRET, Date.now() - 10_000),
        name: `Visitor ${i}`,
        businessName: `Shop ${i}`,
        email: `visitor${i}@example.com`,
        phone: "(480) 555-0123",
        monthlyVolume: "10k-50k",
        paymentMethods: "in-person",
        consent: "yes",
        source: "contact",
      };
      for (const [k, v] of Object.entries(fields)) fd.append(k, v);
      fd.append("statement", new Blob([pdf], { type: "application/pdf" }), `statement-${i}.pdf`);
      const res = await fetch(`${upstream.url}/contact`, {
        method: "POST",
        body: fd,
        headers: { "X-Forwarded-For": `198.51.100.${i + 1}` },
      });
      expect(res.status).toBe(200);
      sent.push(`visitor${i}@example.com`);
    }
    // Each lead's e-mail goes out exactly once, whichever instance's runner claimed the job.
    await expect.poll(() => smtp.mails.length, { timeout: 20_000 }).toBe(4);
    await new Promise((resolve) => setTimeout(resolve, 3_000)); // both runners have ticked again
    expect(smtp.mails).toHaveLength(4);
    for (const email of sent) expect(smtp.mails.filter((m) => m.text.includes(email))).toHaveLength(1);
    const jobs = await a.database.db.selectFrom("jobs").select(["done_at", "attempts"]).execute();
    expect(jobs.every((j) => j.done_at && j.attempts === 1)).toBe(true);
    // The files are in the shared database, not on the disk of the instance that took them.
    const files = await b.database.db
      .selectFrom("stored_files")
      .select(["filename", "size_bytes"])
      .where("purpose", "=", "statement")
      .execute();
    expect(files.map((f) => f.filename).sort()).toEqual([0, 1, 2, 3].map((i) => `statement-${i}.pdf`));
  });

  it("shows an edit made through one instance on the other's next request (search follows the content version)", async () => {
    const before = await (await fetch(`${b.url}/resources/search?q=zanzibarian`)).text();
    expect(before).not.toContain("settlement tips</");
    // An edit as instance A's service makes it: the row, then the content version.
    const db = a.database.db;
    const post = await db
      .selectFrom("blog_posts")
      .select(["id"])
      .where("status", "=", "published")
      .executeTakeFirstOrThrow();
    await db
      .updateTable("blog_posts")
      .set({ title: "Zanzibarian settlement tips" })
      .where("id", "=", post.id)
      .execute();
    await bumpContentVersion(db);
    const after = await (await fetch(`${b.url}/resources/search?q=zanzibarian`)).text();
    // The title comes back with the matched word highlighted.
    expect(after).toMatch(/>Zanzibarian<\/mark><span> settlement tips</);
    const viaProxy = await (await fetch(`${proxy.url}/resources/search?q=zanzibarian`)).text();
    expect(viaProxy).toMatch(/>Zanzibarian<\/mark><span> settlement tips</);
  });
});
