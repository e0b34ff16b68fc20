import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bumpContentVersion, getContentVersion } from "@server/content-version/content-version";
import { pageCacheContent } from "@server/app/page-cache-content";
import { ContentStateReader } from "@server/http/page-cache/content-state";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe.each(dbKinds())("the page cache's content version reads on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(() => t?.cleanup());

  it("answers a burst of concurrent requests with one read", async () => {
    const reader = new ContentStateReader(t.db, pageCacheContent);
    const version = await getContentVersion(t.db);
    const states = await Promise.all(Array.from({ length: 64 }, () => reader.current()));
    expect(reader.reads).toBe(1);
    expect(states.every((s) => s.version === version)).toBe(true);
  });

  it("reads again for a request that arrives while a read is running, after it arrived", async () => {
    const reader = new ContentStateReader(t.db, pageCacheContent);
    const before = await getContentVersion(t.db);
    const first = reader.current();
    await nextTurn(); // the first read has started
    expect(reader.reads).toBe(1);
    // A write committed before the next request arrives is what that request must see.
    await bumpContentVersion(t.db);
    const second = reader.current();
    expect((await second).version).toBe(before + 1);
    // (A third read may follow: the first request's due-time read was for the older version.)
    expect(reader.reads).toBeGreaterThanOrEqual(2);
    expect([before, before + 1]).toContain((await first).version);
  });

  it("sees every committed write on the next request, one read per sequential request", async () => {
    const reader = new ContentStateReader(t.db, pageCacheContent);
    for (let i = 0; i < 3; i++) {
      const version = await bumpContentVersion(t.db);
      expect((await reader.current()).version).toBe(version);
    }
    expect(reader.reads).toBe(3);
  });
});
