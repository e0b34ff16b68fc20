import crypto from "node:crypto";
import { proofExpiresAt, type FormChallenge, type FormSolution } from "@common/form-proof";

/**
 * Issuing and checking the public forms' proof-of-work challenges (decision 0051; the format is
 * ALTCHA's, common/form-proof.ts). Pure: the secret, the difficulty and the time are given.
 */

/** How long a challenge may be solved and posted: the page fetches a new one when it nears the end. */
export const FORM_PROOF_EXPIRY_MS = 10 * 60 * 1000;
/** The default difficulty: the largest secret number (a browser tries half of them on average). */
export const FORM_PROOF_MAX_NUMBER = 50_000;

/** HMAC key of the challenges: derived from the app's secret, so it signs nothing else's context. */
const keyOf = (secret: string) => `form-proof:${secret}`;
const hmac = (secret: string, text: string) => crypto.createHmac("sha256", keyOf(secret)).update(text).digest("hex");
const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("hex");

export interface IssueOptions {
  maxNumber?: number;
  now?: number;
  expiryMs?: number;
  /** The secret number (tests); random below maxNumber otherwise. */
  number?: number;
}

export function createChallenge(secret: string, options: IssueOptions = {}): FormChallenge {
  const maxNumber = options.maxNumber ?? FORM_PROOF_MAX_NUMBER;
  const now = options.now ?? Date.now();
  const expires = Math.floor((now + (options.expiryMs ?? FORM_PROOF_EXPIRY_MS)) / 1000);
  const salt = `${crypto.randomBytes(12).toString("hex")}?expires=${expires}`;
  const number = options.number ?? crypto.randomInt(0, maxNumber + 1);
  const challenge = sha256(salt + number);
  return { algorithm: "SHA-256", challenge, maxNumber, salt, signature: hmac(secret, challenge) };
}

export type ProofFailure = "no-proof" | "proof-invalid" | "proof-expired";
export type ProofCheck = { ok: true; signature: string; expiresAt: number } | { ok: false; reason: ProofFailure };

/** The solution posted in the hidden field, decoded; undefined when it is not one. */
function decode(posted: string): FormSolution | undefined {
  if (posted.length > 1000) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(posted, "base64").toString("utf8"));
    if (!value || typeof value !== "object") return undefined;
    const v = value as Record<string, unknown>;
    const text = (x: unknown, max: number): x is string => typeof x === "string" && x.length > 0 && x.length <= max;
    if (v.algorithm !== "SHA-256" || !text(v.challenge, 64) || !text(v.salt, 200) || !text(v.signature, 64))
      return undefined;
    if (typeof v.number !== "number" || !Number.isSafeInteger(v.number) || v.number < 0) return undefined;
    return v as unknown as FormSolution;
  } catch {
    return undefined;
  }
}

const sameHex = (a: string, b: string) =>
  a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * A posted solution checked: signed by this server, not expired, and the number's hash is the
 * challenge. Whether it was used before is the caller's question (server/form-proof/used.ts).
 */
export function checkSolution(posted: unknown, secret: string, now = Date.now()): ProofCheck {
  if (typeof posted !== "string" || posted.trim() === "") return { ok: false, reason: "no-proof" };
  const solution = decode(posted.trim());
  if (!solution) return { ok: false, reason: "proof-invalid" };
  if (!sameHex(hmac(secret, solution.challenge), solution.signature)) return { ok: false, reason: "proof-invalid" };
  const expiresAt = proofExpiresAt(solution.salt);
  if (expiresAt === null) return { ok: false, reason: "proof-invalid" };
  if (sha256(solution.salt + solution.number) !== solution.challenge) return { ok: false, reason: "proof-invalid" };
  if (expiresAt <= now) return { ok: false, reason: "proof-expired" };
  return { ok: true, signature: solution.signature, expiresAt };
}
