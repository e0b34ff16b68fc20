import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { encodeSolution, proofExpiresAt, sha256Hex, solveChallenge, type FormChallenge } from "@common/form-proof";
import { checkSolution, createChallenge, FORM_PROOF_EXPIRY_MS, FORM_PROOF_MAX_NUMBER } from "./challenge";

const secret = "unit-test-secret-0123456789abcdef0123456789";
const t0 = 1_760_000_000_000;

/** The posted field for a challenge and a number (the browser's encoding). */
const posted = (c: FormChallenge, number: number, changes: Partial<FormChallenge> = {}) => {
  const { algorithm, challenge, salt, signature } = { ...c, ...changes };
  return encodeSolution({ algorithm, challenge, number, salt, signature });
};

describe("proof-of-work challenge", () => {
  it("hashes like node:crypto, across the one- and two-block lengths", () => {
    for (const length of [0, 1, 3, 54, 55, 56, 63, 64, 65, 119, 120, 200]) {
      const text = "abcdefghij0123456789?&=".repeat(10).slice(0, length);
      expect(sha256Hex(text), `length ${length}`).toBe(crypto.createHash("sha256").update(text).digest("hex"));
    }
  });

  it("issues a signed challenge with its expiry in the salt, the number below the difficulty", () => {
    const c = createChallenge(secret, { now: t0 });
    expect(c).toMatchObject({ algorithm: "SHA-256", maxNumber: FORM_PROOF_MAX_NUMBER });
    expect(c.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(proofExpiresAt(c.salt)).toBe(Math.floor((t0 + FORM_PROOF_EXPIRY_MS) / 1000) * 1000);
    const again = createChallenge(secret, { now: t0 });
    expect(again.salt).not.toBe(c.salt);
  });

  it("accepts the solved number until the challenge expires, then refuses it as expired", () => {
    const c = createChallenge(secret, { now: t0, maxNumber: 2000, number: 1234 });
    const number = solveChallenge(c);
    expect(number).toBe(1234);
    const check = checkSolution(posted(c, number!), secret, t0 + 1000);
    expect(check).toEqual({ ok: true, signature: c.signature, expiresAt: proofExpiresAt(c.salt) });
    expect(checkSolution(posted(c, number!), secret, proofExpiresAt(c.salt)! - 1)).toMatchObject({ ok: true });
    expect(checkSolution(posted(c, number!), secret, proofExpiresAt(c.salt)!)).toEqual({
      ok: false,
      reason: "proof-expired",
    });
  });

  it("says no proof when the field is missing or empty", () => {
    for (const value of [null, undefined, "", "   "]) {
      expect(checkSolution(value, secret, t0)).toEqual({ ok: false, reason: "no-proof" });
    }
  });

  it("refuses a wrong number, another secret's signature, a changed salt or expiry, and garbage", () => {
    const c = createChallenge(secret, { now: t0, maxNumber: 500, number: 77 });
    const invalid = { ok: false, reason: "proof-invalid" };
    expect(checkSolution(posted(c, 78), secret, t0)).toEqual(invalid);
    expect(checkSolution(posted(c, 77), "another-secret-0123456789abcdef0123456789", t0)).toEqual(invalid);
    // A later expiry written into the salt: the challenge is no longer its hash.
    const later = c.salt.replace(/expires=\d+/, "expires=9999999999");
    expect(checkSolution(posted(c, 77, { salt: later }), secret, t0)).toEqual(invalid);
    // A challenge of one's own making, signed with a guess: refused by the signature.
    const own = crypto.createHash("sha256").update(`${later}1`).digest("hex");
    expect(checkSolution(posted(c, 1, { salt: later, challenge: own }), secret, t0)).toEqual(invalid);
    // A salt without an expiry, even if correctly signed (the secret's holder never issues one).
    const noExpiry = crypto.createHash("sha256").update("abc5").digest("hex");
    const signed = crypto.createHmac("sha256", `form-proof:${secret}`).update(noExpiry).digest("hex");
    expect(checkSolution(posted(c, 5, { salt: "abc", challenge: noExpiry, signature: signed }), secret, t0)).toEqual(
      invalid,
    );
    for (const garbage of ["not base64 json", btoa("[1,2]"), btoa('{"algorithm":"SHA-1"}'), "x".repeat(5000), 42]) {
      expect(checkSolution(garbage, secret, t0)).toEqual(garbage === 42 ? { ok: false, reason: "no-proof" } : invalid);
    }
  });

  it("finds no number when the challenge has none in range", () => {
    const c = createChallenge(secret, { now: t0, maxNumber: 10_000, number: 9000 });
    expect(solveChallenge({ ...c, maxNumber: 100 })).toBeNull();
    expect(solveChallenge({ ...c, challenge: "not hex" })).toBeNull();
  });
});
