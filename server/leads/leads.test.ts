import { describe, expect, it } from "vitest";
import { nextNotifyAttemptAt } from "./leads";

describe("notification retry backoff", () => {
  const created = "2026-01-05T10:00:00.000Z";
  const base = 5 * 60_000;

  it("picks up a never-tried notification after a minute at most", () => {
    expect(nextNotifyAttemptAt({ notify_attempts: 0, notify_last_attempt_at: null, created_at: created }, base)).toBe(
      Date.parse(created) + 60_000,
    );
    expect(nextNotifyAttemptAt({ notify_attempts: 0, notify_last_attempt_at: null, created_at: created }, 1000)).toBe(
      Date.parse(created) + 1000,
    );
  });

  it("doubles the wait after each failed attempt", () => {
    const last = "2026-01-05T11:00:00.000Z";
    const at = (n: number) =>
      nextNotifyAttemptAt({ notify_attempts: n, notify_last_attempt_at: last, created_at: created }, base) -
      Date.parse(last);
    expect([1, 2, 3, 4].map(at)).toEqual([base, 2 * base, 4 * base, 8 * base]);
  });
});
