import { describe, expect, it } from "vitest";
import { formatDate, fromZonedInput, toZonedInput } from "./dates";

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

describe("date-time inputs in Arizona time", () => {
  it("shows a stored moment as Arizona wall-clock time and reads it back", () => {
    expect(toZonedInput("2026-11-23T21:05:00.000Z")).toBe("2026-11-23T14:05");
    expect(toZonedInput("2026-07-01T06:30:00.000Z")).toBe("2026-06-30T23:30");
    expect(fromZonedInput("2026-11-23T14:05")).toBe("2026-11-23T21:05:00.000Z");
    expect(fromZonedInput("2026-06-30T23:30")).toBe("2026-07-01T06:30:00.000Z");
  });
  it("is empty for nothing and null for what is not a date-time", () => {
    expect(toZonedInput(null)).toBe("");
    expect(fromZonedInput("")).toBeNull();
    expect(fromZonedInput("tomorrow")).toBeNull();
  });
});
