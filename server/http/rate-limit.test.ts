import { describe, expect, it } from "vitest";
import { RateLimiter, retryMessage } from "./rate-limit";

describe("RateLimiter", () => {
  it("allows `limit` hits per window per key, then refuses until the window resets", () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(() => now);
    const rule = { name: "t", limit: 2, windowMs: 60_000 };
    expect(limiter.hit(rule, "a").allowed).toBe(true);
    expect(limiter.hit(rule, "a").allowed).toBe(true);
    const third = limiter.hit(rule, "a");
    expect(third.allowed).toBe(false);
    expect(third.retryAfterSeconds).toBe(60);
    expect(limiter.hit(rule, "b").allowed).toBe(true);
    now += 60_000;
    expect(limiter.hit(rule, "a").allowed).toBe(true);
  });

  it("keeps rules apart", () => {
    const limiter = new RateLimiter(() => 0);
    limiter.hit({ name: "x", limit: 1, windowMs: 1000 }, "k");
    expect(limiter.hit({ name: "y", limit: 1, windowMs: 1000 }, "k").allowed).toBe(true);
  });
});

describe("retryMessage", () => {
  it("says seconds under a minute and whole minutes above", () => {
    expect(retryMessage(30)).toBe("Too many requests. Please try again in 30 seconds.");
    expect(retryMessage(61, "sign-in attempts")).toBe("Too many sign-in attempts. Please try again in 2 minutes.");
    expect(retryMessage(60)).toBe("Too many requests. Please try again in 1 minute.");
  });
});
