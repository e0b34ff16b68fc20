import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKinds } from "../support/db";
import { startTestServer, type TestServer } from "../support/server";

/**
 * An unexpected server error (here: the database loses a table a page reads) is logged once
 * with the request's id and the stack, and the visitor sees the error page quoting that same
 * id: never the stack, never the database's message.
 */

interface LogLine {
  level: string;
  msg: string;
  requestId?: string;
  status?: number;
  path?: string;
  err?: { message?: string; stack?: string };
}

function logLines(server: TestServer): LogLine[] {
  return server
    .logs()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);
}

describe.each(dbKinds())("an unexpected error on %s", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ db: kind });
  });
  afterAll(() => server?.stop());

  it("is logged with the request id the visitor's error page shows, and the page has no stack", async () => {
    const db = server.database.db;
    expect((await fetch(`${server.url}/resources/blog`)).status).toBe(200);
    // Another connection takes the table away, as a failed migration or a broken disk might.
    await sql`alter table blog_posts rename to blog_posts_away`.execute(db);
    try {
      // A query string of its own: a page the cache has never held.
      const res = await fetch(`${server.url}/resources/blog?page=2`);
      expect(res.status).toBe(500);
      const html = await res.text();
      const headerId = res.headers.get("x-request-id");
      expect(headerId).toBeTruthy();

      const quoted = /please quote reference <code[^>]*>([^<]+)<\/code>/.exec(html)?.[1];
      const meta = /<meta name="meritum-request-id" content="([^"]+)"/.exec(html)?.[1];
      expect(quoted).toBe(headerId);
      expect(meta).toBe(headerId);
      expect(html).toContain("Something went wrong");
      // Never the stack or the database's own words.
      expect(html).not.toMatch(/\n\s+at [\w.<>]+ \(/);
      expect(html).not.toMatch(/blog_posts|no such table|does not exist|SqliteError|error: relation/i);

      const logged = () => logLines(server).find((l) => l.msg === "unexpected error" && l.requestId === headerId);
      await expect.poll(logged).toBeDefined();
      const entry = logged()!;
      expect(logLines(server).filter((l) => l.msg === "unexpected error" && l.requestId === headerId)).toHaveLength(1);
      expect(entry.level).toBe("error");
      expect(entry.err?.message).toMatch(/blog_posts/);
      expect(entry.err?.stack).toMatch(/\n\s+at /);
      // The request line carries the same id, with the status the visitor got.
      await expect
        .poll(() => logLines(server).find((l) => l.msg === "request" && l.requestId === headerId))
        .toMatchObject({ level: "error", status: 500, path: "/resources/blog" });
    } finally {
      await sql`alter table blog_posts_away rename to blog_posts`.execute(db);
    }
    expect((await fetch(`${server.url}/resources/blog?page=1`)).status).toBe(200);
  });
});
