import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkFormToken, FORM_TOKEN_MAX_AGE_MS, issueFormToken } from "./form-token";

const secret = "unit-test-secret-0123456789abcdef0123456789";
const t0 = 1_760_000_000_000;

describe("form issued-at token", () => {
  it("accepts a token once the minimum time has passed", () => {
    const token = issueFormToken(secret, t0);
    expect(checkFormToken(token, secret, { minAgeMs: 3000, now: t0 + 3000 })).toEqual({ ok: true, ageMs: 3000 });
  });

  it("refuses a post that comes back too fast", () => {
    const token = issueFormToken(secret, t0);
    expect(checkFormToken(token, secret, { minAgeMs: 3000, now: t0 + 500 })).toMatchObject({
      ok: false,
      reason: "too-fast",
    });
  });

  it("asks to retry when the token is older than a day", () => {
    const token = issueFormToken(secret, t0);
    const result = checkFormToken(token, secret, { minAgeMs: 3000, now: t0 + FORM_TOKEN_MAX_AGE_MS + 1 });
    expect(result).toMatchObject({ ok: false, reason: "expired" });
    expect(checkFormToken(token, secret, { minAgeMs: 0, now: t0 + FORM_TOKEN_MAX_AGE_MS })).toMatchObject({ ok: true });
  });

  it("accepts a token signed before the forms became one pipeline, until it expires", () => {
    const legacy = `${t0}.${crypto.createHmac("sha256", secret).update(`lead-form:${t0}`).digest("base64url")}`;
    expect(checkFormToken(legacy, secret, { minAgeMs: 3000, now: t0 + 5000 })).toEqual({ ok: true, ageMs: 5000 });
    expect(checkFormToken(legacy, secret, { minAgeMs: 0, now: t0 + FORM_TOKEN_MAX_AGE_MS + 1 })).toMatchObject({
      reason: "expired",
    });
  });

  it("refuses tokens with a forged time, another secret, or no token at all", () => {
    const token = issueFormToken(secret, t0);
    const [, sig] = token.split(".");
    expect(checkFormToken(`${t0 - 60_000}.${sig}`, secret, { minAgeMs: 0, now: t0 })).toMatchObject({
      reason: "invalid",
    });
    expect(
      checkFormToken(issueFormToken("another-secret-entirely-0000000000", t0), secret, { minAgeMs: 0, now: t0 + 5000 }),
    ).toMatchObject({
      reason: "invalid",
    });
    expect(checkFormToken(undefined, secret, { minAgeMs: 0 })).toMatchObject({ reason: "invalid" });
    expect(checkFormToken("garbage", secret, { minAgeMs: 0 })).toMatchObject({ reason: "invalid" });
  });
});
