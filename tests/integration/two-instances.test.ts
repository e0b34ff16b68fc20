import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bumpContentVersion } from "@server/content-version/content-version";
import { createStaff, PASSWORD, postLogin, signIn } from "../support/auth";
import { leadForm, withoutAutoReply } from "../support/lead-forms";
import { startTestServer, type TestServer } from "../support/server";
import { startTestSmtp, type TestSmtp } from "../support/smtp";

/**
 * Two instances of the production build on one PostgreSQL database behind a small
 * round-robin reverse proxy (as nginx would be, with TRUST_PROXY=1): they behave as one site.
 */

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

const sha256 = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");

/** A small valid PDF, different for each `tag`. */
const pdfFor = (tag: string) =>
  new TextEncoder().encode(`%PDF-1.4\n% ${tag}\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`);

/** Posts the Free Analysis form straight to one instance, as the proxy would pass it on. */
async function postLead(
  instance: TestServer,
  email: string,
  ip: string,
  statement?: Uint8Array<ArrayBuffer>,
): Promise<number> {
  const fd = leadForm(
    { name: "Visitor", businessName: "Shop", email },
    statement && { name: "statement.pdf", type: "application/pdf", bytes: statement },
  );
  const res = await fetch(`${instance.url}/contact`, { method: "POST", body: fd, headers: { "X-Forwarded-For": ip } });
  return res.status;
}

/** Lines of an instance's structured log with this message. */
const logCount = (instance: TestServer, msg: string) =>
  instance
    .logs()
    .split("\n")
    .filter((line) => line.includes(`"msg":"${msg}"`)).length;

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
      AUTH_LOCKOUT_THRESHOLD: "3",
      SUBMISSION_NOTIFY_RETRY_SECONDS: "1",
    };
    a = await startTestServer({ db: "postgres", env });
    b = await startTestServer({ db: "postgres", env, sharedDatabase: a.database });
    proxy = await startProxy([a.url, b.url]);
    // These tests count the staff e-mails; the visitor's auto-reply has its own tests.
    await withoutAutoReply(a.database.db);
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
      const fd = leadForm(
        { name: `Visitor ${i}`, businessName: `Shop ${i}`, email: `visitor${i}@example.com` },
        { name: `statement-${i}.pdf`, type: "application/pdf", bytes: pdf },
      );
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
    const jobs = await a.database.db
      .selectFrom("jobs")
      .select(["done_at", "attempts"])
      .where("kind", "=", "submission.notify")
      .execute();
    expect(jobs).toHaveLength(4);
    expect(jobs.every((j) => j.done_at && j.attempts === 1)).toBe(true);
    // The files are in the shared database, not on the disk of the instance that took them.
    const files = await b.database.db
      .selectFrom("stored_files")
      .select(["filename", "size_bytes"])
      .where("filename", "like", "statement-%")
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

  it("serves a statement posted through one instance from the other's staff download routes", async () => {
    const pdf = pdfFor("download through the other instance");
    expect(await postLead(a, "download@example.com", "198.51.100.40", pdf)).toBe(200);
    const db = a.database.db;
    const lead = await db
      .selectFrom("submissions")
      .innerJoin("submission_files", "submission_files.submission_id", "submissions.id")
      .select(["submissions.id as submissionId", "contact_id", "form_id", "submission_files.file_id as fileId"])
      .where("email", "=", "download@example.com")
      .where("field_key", "=", "statement")
      .executeTakeFirstOrThrow();

    await createStaff(a, "reader@meritum.test", "admin");
    const cookie = await signIn(b, "reader@meritum.test", PASSWORD, "203.0.113.40");
    const download = async (path: string) => {
      const res = await fetch(`${b.url}${path}`, { headers: { Cookie: cookie } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-disposition"), path).toContain("attachment");
      return sha256(new Uint8Array(await res.arrayBuffer()));
    };
    // The contact's statement, and the same file as an answer of the form's submission.
    expect(await download(`/api/admin/contacts/${lead.contact_id}/files/${lead.fileId}`)).toBe(sha256(pdf));
    expect(lead.form_id).toBeTruthy();
    expect(
      await download(`/api/admin/forms/${lead.form_id}/submissions/${lead.submissionId}/files/${lead.fileId}`),
    ).toBe(sha256(pdf));
  });

  it("retries mails the SMTP server refused from either instance, and delivers each exactly once", async () => {
    // Earlier leads' mails are out first, so that only this test's mails meet the refusals
    // (jobs planned for later, such as the daily analytics purge, are not waited for).
    const openJobs = () =>
      a.database.db
        .selectFrom("jobs")
        .select("id")
        .where("done_at", "is", null)
        .where("failed_at", "is", null)
        .where("run_at", "<=", new Date().toISOString())
        .execute();
    await expect.poll(async () => (await openJobs()).length, { timeout: 20_000 }).toBe(0);
    const since = smtp.mails.length;
    const retried = () => [logCount(a, "job failed; will retry"), logCount(b, "job failed; will retry")];
    const [aBefore, bBefore] = retried();
    // The first six attempts are refused: every lead's first try, then two of the retries,
    // which both instances' runners race to claim.
    smtp.failNext(6);
    const emails = [0, 1, 2, 3].map((i) => `retry${i}@example.com`);
    for (const [i, email] of emails.entries()) {
      expect(await postLead(i % 2 ? b : a, email, `198.51.100.${50 + i}`)).toBe(200);
    }
    await expect.poll(() => smtp.mails.length - since, { timeout: 30_000 }).toBe(4);
    await new Promise((resolve) => setTimeout(resolve, 3_000)); // both runners have ticked again
    const delivered = smtp.mails.slice(since);
    expect(delivered).toHaveLength(4);
    for (const email of emails)
      expect(
        delivered.filter((m) => m.text.includes(email)),
        email,
      ).toHaveLength(1);
    expect(smtp.refused).toBe(6);

    const submissions = await a.database.db
      .selectFrom("submissions")
      .select(["id", "notify_status"])
      .where("email", "in", emails)
      .execute();
    expect(submissions.map((r) => r.notify_status)).toEqual(["sent", "sent", "sent", "sent"]);
    const jobs = await a.database.db
      .selectFrom("jobs")
      .select(["attempts", "done_at", "failed_at"])
      .where(
        "key",
        "in",
        submissions.map((r) => `submission.notify:${r.id}`),
      )
      .execute();
    expect(jobs).toHaveLength(4);
    expect(jobs.every((j) => j.done_at && !j.failed_at)).toBe(true);
    // Ten attempts in all (four refused first tries, two refused retries, four deliveries),
    // each failure recorded by whichever instance made it.
    expect(jobs.reduce((sum, j) => sum + j.attempts, 0)).toBe(10);
    const [aFailed, bFailed] = [retried()[0]! - aBefore!, retried()[1]! - bBefore!];
    expect(aFailed + bFailed).toBe(6);
    // Both instances met the refusals: each took the first try of the leads posted to it.
    expect(aFailed).toBeGreaterThan(0);
    expect(bFailed).toBeGreaterThan(0);
  });

  it("shares the sign-in lockout: failures through one instance lock the account on the other", async () => {
    await createStaff(a, "lockout@meritum.test", "editor");
    // Three wrong passwords (the threshold here) through instance A, each from its own address.
    for (let i = 0; i < 3; i++) {
      const res = await postLogin(
        a,
        { email: "lockout@meritum.test", password: `wrong ${i}` },
        { ip: `198.51.100.${60 + i}` },
      );
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    // Instance B refuses even the right password, from an address that has not tried before.
    const locked = await postLogin(b, { email: "lockout@meritum.test", password: PASSWORD }, { ip: "198.51.100.70" });
    expect(locked.status).toBe(429);
    expect(locked.body).toContain("Too many failed sign-in attempts for this account");
    expect(locked.cookie).toBeNull();
  });
});
