import { describe, expect, it } from "vitest";
import { formatDate } from "./dates";

describe("formatDate", () => {
  it("shows the date in America/Phoenix, not UTC", () => {
    // 03:00 UTC on March 2 is still March 1 in Arizona (UTC-7, no DST).
    expect(formatDate("2026-03-02T03:00:00.000Z")).toBe("March 1, 2026");
    expect(formatDate("2026-07-02T08:00:00.000Z")).toBe("July 2, 2026");
  });
  it("is empty for missing or invalid dates", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate("not a date")).toBe("");
  });
});
