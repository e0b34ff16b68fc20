import { describe, expect, it } from "vitest";
import { hotp, matchingStep, TOTP_PERIOD_SECONDS } from "./totp-replay";
import { storedVerificationIdentifier } from "./token-hash";

describe("TOTP steps", () => {
  const key = Buffer.from("12345678901234567890");

  it("computes RFC 4226 HOTP values", () => {
    // RFC 4226 appendix D test vectors.
    expect([0, 1, 2, 9].map((c) => hotp(key, c))).toEqual(["755224", "287082", "359152", "520489"]);
  });

  it("finds the step of a code within one step either side, and nothing outside", () => {
    const now = 1_800_000_000_000;
    const step = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
    expect(matchingStep(key, hotp(key, step), now)).toBe(step);
    expect(matchingStep(key, hotp(key, step - 1), now)).toBe(step - 1);
    expect(matchingStep(key, hotp(key, step + 1), now)).toBe(step + 1);
    expect(matchingStep(key, hotp(key, step - 2), now)).toBeNull();
    expect(matchingStep(key, "12345", now)).toBeNull();
  });
});

describe("stored token forms", () => {
  it("keeps the kind prefix and hashes the secret", () => {
    const stored = storedVerificationIdentifier("invite:abcdefghijklmnopqrstuvwxyz");
    expect(stored).toMatch(/^invite:[A-Za-z0-9_-]{43}$/);
    expect(stored).not.toContain("abcdefghijklmnop");
    expect(storedVerificationIdentifier("reset-password:tok")).toMatch(/^reset-password:/);
    expect(storedVerificationIdentifier("2fa-secretvalue")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(storedVerificationIdentifier("x:y")).toBe(storedVerificationIdentifier("x:y"));
  });
});
