import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RateLimiter, retryMessage } from "@server/http/rate-limit";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

describe.each(dbKinds())("shared rate limiter on %s", (kind) => {
  let database: TestDatabase;
  let now = 1_000_000;
  let limiter: RateLimiter;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    limiter = new RateLimiter(
      () => database.db,
      () => now,
    );
  });
  afterAll(() => database?.cleanup());

  it("allows `limit` hits per window per key, then refuses until the window resets", async () => {
    const rule = { name: "t", limit: 2, windowMs: 60_000 };
    expect((await limiter.hit(rule, "a")).allowed).toBe(true);
    expect((await limiter.hit(rule, "a")).allowed).toBe(true);
    const third = await limiter.hit(rule, "a");
    expect(third.allowed).toBe(false);
    expect(third.retryAfterSeconds).toBe(60);
    expect((await limiter.hit(rule, "b")).allowed).toBe(true);
    expect((await limiter.hit({ ...rule, name: "other" }, "a")).allowed).toBe(true);
    now += 60_000;
    expect((await limiter.hit(rule, "a")).allowed).toBe(true);
  });

  it("counts concurrent hits exactly (one atomic upsert each), also from a second limiter", async () => {
    const rule = { name: "burst", limit: 10, windowMs: 60_000 };
    const second = new RateLimiter(
      () => database.db,
      () => now,
    );
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? limiter : second).hit(rule, "k")));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it("groups IPv6 clients by /64", async () => {
    const rule = { name: "v6", limit: 1, windowMs: 60_000 };
    expect((await limiter.hitAddress(rule, "2001:db8::1")).allowed).toBe(true);
    expect((await limiter.hitAddress(rule, "2001:db8::ffff:2")).allowed).toBe(false);
    expect((await limiter.hitAddress(rule, "2001:db8:0:1::1")).allowed).toBe(true);
  });

  it("sweeps expired windows", async () => {
    now += 10 * 60_000;
    await limiter.hit({ name: "late", limit: 1, windowMs: 1000 }, "x");
    now += 61_000;
    await limiter.hit({ name: "late", limit: 1, windowMs: 1000 }, "y");
    const keys = (await database.db.selectFrom("rate_limits").select("key").execute()).map((r) => r.key);
    expect(keys).toEqual(["late:y"]);
  });
});

describe("retryMessage", () => {
  it("says seconds under a minute and whole minutes above", () => {
    expect(retryMessage(30)).toBe("Too many requests. Please try again in 30 seconds.");
    expect(retryMessage(61, "sign-in attempts")).toBe("Too many sign-in attempts. Please try again in 2 minutes.");
    expect(retryMessage(60)).toBe("Too many requests. Please try again in 1 minute.");
  });
});
