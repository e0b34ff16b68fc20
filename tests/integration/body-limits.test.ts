import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStaffServer } from "../support/auth";
import { dbKinds } from "../support/db";
import { streamBody } from "../support/stream-body";
import type { TestServer } from "../support/server";

/** Resident memory of the server process, in MB (Linux). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/**
 * Posts a urlencoded /contact form from `ip` whose body is sent only once the answer has come
 * (so the server answers before it has the body), on a keep-alive agent of one socket. Resolves
 * with the answer's status and Connection header, and whether the next request (GET /healthz)
 * went over the same connection.
 */
async function answerBeforeBody(url: string, ip: string, bodyBytes: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const answer = await new Promise<{ status: number; connection?: string }>((resolve, reject) => {
      const req = http.request(new URL("/contact", url), {
        agent,
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": String(bodyBytes),
          Origin: url,
          "X-Forwarded-For": ip,
        },
      });
      req.on("error", reject);
      req.on("response", (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
        // The body only now: the answer was written before any of it was read.
        req.end(Buffer.alloc(bodyBytes, "a"));
      });
      req.flushHeaders();
    });
    const next = await new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
      const req = http.get(new URL("/healthz", url), { agent }, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode!, reused: req.reusedSocket }));
      });
      req.on("error", reject);
    });
    return { ...answer, next };
  } finally {
    agent.destroy();
  }
}

describe.each(dbKinds())("request body limits on %s", (kind) => {
  let server: TestServer;
  let adminCookie: string;

  beforeAll(async () => {
    ({ server, adminCookie } = await startStaffServer(kind));
  });
  afterAll(() => server?.stop());

  const pid = () => server.process.pid!;

  it("answers 413 to a 400 MB sign-in body by Content-Length, before the body is read, with memory flat", async () => {
    const before = rssMb(pid());
    const outcome = await streamBody(server.url, "/login", {
      totalBytes: 400 * 1024 * 1024,
      declare: true,
      contentType: "application/x-www-form-urlencoded",
    });
    expect(outcome.status).toBe(413);
    expect(outcome.headers.connection).toBe("close");
    expect(outcome.body).toContain("The request is larger than this page accepts (64 KB)");
    expect(outcome.body).not.toMatch(/at \w+ \(/); // no stack trace
    // The answer came while nearly all of the 400 MB were still unsent.
    expect(outcome.sentWhenAnswered).toBeLessThan(16 * 1024 * 1024);
    expect(rssMb(pid()) - before).toBeLessThan(40);
  });

  it("counts streamed bytes when no length is declared: 413 after the limit, the rest never read", async () => {
    const before = rssMb(pid());
    for (const path of ["/login", "/admin/password-reset", "/admin/reset-password", "/admin/accept-invite"]) {
      const outcome = await streamBody(server.url, path, {
        totalBytes: 200 * 1024 * 1024,
        declare: false,
        contentType: "application/x-www-form-urlencoded",
      });
      expect(outcome.status, path).toBe(413);
      expect(outcome.body, path).toContain("larger than this page accepts");
      expect(outcome.sentWhenAnswered, path).toBeLessThan(16 * 1024 * 1024);
    }
    expect(rssMb(pid()) - before).toBeLessThan(40);
  });

  it("lets the Free Analysis form take its larger limit and no more", async () => {
    const outcome = await streamBody(server.url, "/contact", {
      totalBytes: 300 * 1024 * 1024,
      declare: false,
      contentType: "multipart/form-data; boundary=----x",
    });
    expect(outcome.status).toBe(413);
    expect(outcome.body).toContain("statements up to 10 MB");
    expect(outcome.sentWhenAnswered).toBeLessThan(40 * 1024 * 1024);
  });

  it("refuses oversized admin API and auth API bodies with the JSON error shape", async () => {
    const before = rssMb(pid());
    const api = await streamBody(server.url, "/api/admin/users", {
      totalBytes: 200 * 1024 * 1024,
      declare: false,
      contentType: "application/json",
      headers: { Cookie: adminCookie },
    });
    expect(api.status).toBe(413);
    expect(JSON.parse(api.body)).toEqual({
      error: { code: "payload_too_large", message: expect.stringContaining("(1 MB)") },
    });
    expect(api.sentWhenAnswered).toBeLessThan(16 * 1024 * 1024);
    const auth = await streamBody(server.url, "/api/auth/sign-out", {
      totalBytes: 400 * 1024 * 1024,
      declare: true,
      contentType: "application/json",
    });
    expect(auth.status).toBe(413);
    expect(JSON.parse(auth.body).error.code).toBe("payload_too_large");
    expect(rssMb(pid()) - before).toBeLessThan(40);
  });

  it("answers a wrong content type 415 and a malformed body 400, with a readable sentence", async () => {
    const json = await fetch(`${server.url}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify({ email: "a@b.c", password: "x" }),
    });
    expect(json.status).toBe(415);
    const page = await json.text();
    expect(page).toContain("We couldn&#x27;t accept that request");
    expect(page).toContain("This page accepts only what its form sends");

    const broken = await fetch(`${server.url}/admin/password-reset`, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data", Origin: server.url },
      body: "--x\r\nContent-Disposition: form-data; name=email\r\n\r\na@b.c",
    });
    expect(broken.status).toBe(400);
    expect(await broken.text()).toContain("We couldn&#x27;t read the form that was sent");

    const text = await fetch(`${server.url}/api/admin/users`, {
      method: "POST",
      headers: { "Content-Type": "text/plain", Origin: server.url, Cookie: adminCookie },
      body: "hello",
    });
    expect(text.status).toBe(415);
    expect(await text.json()).toEqual({
      error: {
        code: "unsupported_media_type",
        message: "This API accepts only JSON bodies (Content-Type: application/json).",
      },
    });

    const nul = await fetch(`${server.url}/api/admin/users`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url, Cookie: adminCookie },
      body: JSON.stringify({ email: "a\u0000@meritum.test", name: "x", role: "editor" }),
    });
    expect(nul.status).toBe(400);
    expect((await nul.json()).error.message).toContain("NUL character");
  });

  it("keeps the connection of a small post answered before its body (a rate-limited form); closes after a large one", async () => {
    const ip = "198.51.100.77";
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${server.url}/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, "X-Forwarded-For": ip },
        body: "name=x",
      });
      expect(res.status).toBe(400); // no form token: refused after its body was read
      await res.text();
    }
    // Over the limit: 429 before the body is read. A small rest is read and dropped, and the
    // keep-alive client goes on over the same connection (a load tool's next page).
    const small = await answerBeforeBody(server.url, ip, 2 * 1024);
    expect(small.status).toBe(429);
    expect(small.connection).toBe("keep-alive");
    expect(small.next).toEqual({ status: 200, reused: true });
    // A rest that may be large is never taken: that connection is closed after the answer.
    const large = await answerBeforeBody(server.url, ip, 1024 * 1024);
    expect(large.status).toBe(429);
    expect(large.connection).toBe("close");
    expect(large.next).toEqual({ status: 200, reused: false });
  });
});
