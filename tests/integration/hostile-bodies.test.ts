import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueFormToken } from "@server/forms/form-token";
import { apiCall, startStaffServer } from "../support/auth";
import { formProof } from "../support/lead-forms";
import { dbKinds } from "../support/db";
import {
  AUTH_SECRET,
  CORPUS,
  ENDPOINTS,
  GET_ONLY,
  ACTION_ROUTES,
  PAGES_WITHOUT_ACTION,
  SESSION_ENDING,
  expressWriteRoutes,
  actionRoutes,
  CUSTOM_FORM,
} from "../support/hostile-bodies";
import { changedRows, inBatches, snapshot } from "../support/hostile-snapshot";
import type { HostileBody, Fixtures, Target } from "../support/hostile-bodies";
import type { TestServer } from "../support/server";

/** The hostile-body corpus and the route tables are in tests/support/hostile-bodies.ts (read its header). */

/**
 * One request as it goes on the wire: method, path, headers and body bytes, nothing added but
 * Host and Content-Length. node:http rather than fetch: the file sends over 11,000 requests, and
 * fetch spent about 3 ms of CPU on each (the 3 MB bodies encoded anew each time, the answers
 * gzipped by the server and unzipped here). The answers are asked for uncompressed: what is
 * checked is their status and text, not the compression.
 */
function sendRaw(
  agent: http.Agent,
  url: string,
  method: string,
  headers: Record<string, string>,
  body: Buffer | undefined,
) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: {
          ...headers,
          "Accept-Encoding": "identity",
          ...(body !== undefined || !["GET", "HEAD", "DELETE"].includes(method)
            ? { "Content-Length": body?.byteLength ?? 0 }
            : {}),
        },
        signal: AbortSignal.timeout(20_000),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
/** The corpus's bodies as bytes, encoded once. */
const BODIES = new Map(CORPUS.map((item) => [item, item.body === undefined ? undefined : Buffer.from(item.body)]));
describe("the hostile-body tables", () => {
  it("name every Express route that takes a body, and nothing else", () => {
    expect(Object.keys(ENDPOINTS).sort(), "ENDPOINTS must list every route the app declares").toEqual(
      expressWriteRoutes(),
    );
  });

  it("name every route module that exports an action, and nothing else", () => {
    expect(Object.keys(ACTION_ROUTES).sort(), "ACTION_ROUTES must list every route module with an action").toEqual(
      actionRoutes(),
    );
  });
});

describe.each(dbKinds())("hostile request bodies on %s", (kind) => {
  let server: TestServer;
  let adminCookie: string;
  let fixtures: Fixtures;
  const agent = new http.Agent({ keepAlive: true });

  beforeAll(async () => {
    let editorId: string;
    ({ server, adminCookie, editorId } = await startStaffServer(kind, {
      CONTACT_RATE_LIMIT: "10000",
      AUTH_RATE_LIMIT_MAX: "10000",
      CONTACT_MIN_SUBMIT_SECONDS: "1",
    }));
    const db = server.database.db;
    const created = await apiCall(server, "POST", "/api/admin/forms", adminCookie, CUSTOM_FORM);
    expect(created.status).toBe(201);
    const formId = (await created.json()).data.id as string;
    const answers = new FormData();
    answers.append("formToken", issueFormToken(AUTH_SECRET, Date.now() - 10_000));
    answers.append("formProof", formProof());
    answers.append("fullName", "Hostile Test");
    answers.append("email", "hostile@example.com");
    answers.append("agree", "yes");
    const submitted = await fetch(`${server.url}/forms/${CUSTOM_FORM.slug}`, { method: "POST", body: answers });
    expect(submitted.status).toBe(200);
    const submission = await db
      .selectFrom("submissions")
      .select(["id", "contact_id"])
      .where("email", "=", "hostile@example.com")
      .executeTakeFirstOrThrow();
    // The staff e-mail job finishes (to the outbox) before the rows are compared. Jobs planned
    // for later (the daily analytics purge) are not waited for.
    const openJobs = () =>
      db
        .selectFrom("jobs")
        .select("id")
        .where("done_at", "is", null)
        .where("failed_at", "is", null)
        .where("run_at", "<=", new Date().toISOString())
        .execute();
    for (let waited = 0; (await openJobs()).length > 0; waited += 100) {
      if (waited > 20_000) throw new Error("the staff e-mail job did not finish in 20 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const first = async (table: "blog_posts" | "help_guides" | "industries") =>
      (await db.selectFrom(table).select("id").limit(1).executeTakeFirstOrThrow()).id;
    fixtures = {
      formId,
      formSlug: CUSTOM_FORM.slug,
      submissionId: submission.id,
      contactId: submission.contact_id!,
      blogPostId: await first("blog_posts"),
      helpGuideId: await first("help_guides"),
      industryId: await first("industries"),
      editorId,
    };
  });
  afterAll(async () => {
    agent.destroy();
    await server?.stop();
  });

  it("never answers 5xx and stores nothing, signed out and signed in", { timeout: 300_000 }, async () => {
    const before = await snapshot(server);
    const failures: string[] = [];
    const targets: Target[] = [
      ...Object.values(ENDPOINTS).flatMap((t) => t(fixtures)),
      ...Object.values(ACTION_ROUTES).flatMap((t) => t(fixtures)),
      ...PAGES_WITHOUT_ACTION(fixtures),
      ...GET_ONLY(fixtures),
    ];
    const send = async (target: Target, item: HostileBody, cookie: string | null) => {
      const who = cookie ? "signed in" : "signed out";
      const headers: Record<string, string> = { Origin: server.url, ...target.headers };
      if (item.contentType) headers["Content-Type"] = item.contentType;
      if (cookie) headers.Cookie = cookie;
      try {
        const res = await sendRaw(agent, `${server.url}${target.path}`, target.method, headers, BODIES.get(item));
        const text = res.text;
        if (res.status >= 500) failures.push(`${target.method} ${target.path} [${item.name}] ${who}: ${res.status}`);
        // The signed-in pass must stay signed in, or it would only test the sign-in check.
        if (cookie && res.status === 401 && target.path.startsWith("/api/admin/"))
          failures.push(`${target.method} ${target.path} [${item.name}] ${who}: 401, the session was lost`);
        // never a stack trace
        if (/\n\s+at [\w.<>]+ \(/.test(text))
          failures.push(`${target.method} ${target.path} [${item.name}] ${who}: a stack trace`);
      } catch (err) {
        failures.push(`${target.method} ${target.path} [${item.name}] ${who}: ${String(err)}`);
      }
    };
    for (const cookie of [null, adminCookie]) {
      await inBatches(
        targets.flatMap((target) => CORPUS.map((item) => () => send(target, item, cookie))),
        6,
      );
      for (const target of SESSION_ENDING(fixtures)) {
        for (const item of CORPUS) await send(target, item, cookie);
      }
    }
    expect(failures).toEqual([]);
    expect(changedRows(before, await snapshot(server))).toEqual([]);
  });
});
