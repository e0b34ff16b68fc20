import crypto from "node:crypto";

/**
 * Every public form carries a signed "issued at" time in a hidden field (the form token). A
 * post that comes back faster than a person can fill the form in, or days later, is refused;
 * the signature stops a bot from simply writing an older time.
 */

export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * What the token signs. Tokens issued before the forms became one pipeline signed
 * "lead-form:<time>"; they are accepted until they expire (a day), so pages open across an
 * upgrade still post. Remove LEGACY_CONTEXT in the release after.
 */
const CONTEXT = "public-form";
const LEGACY_CONTEXT = "lead-form";

function signature(secret: string, issuedAt: number, context = CONTEXT): string {
  return crypto.createHmac("sha256", secret).update(`${context}:${issuedAt}`).digest("base64url");
}

const matches = (expected: string, given: Buffer) => {
  const e = Buffer.from(expected);
  return e.length === given.length && crypto.timingSafeEqual(e, given);
};

export function issueFormToken(secret: string, now = Date.now()): string {
  return `${now}.${signature(secret, now)}`;
}

export type FormTokenCheck =
  { ok: true; ageMs: number } | { ok: false; reason: "invalid" | "too-fast" | "expired"; message: string };

export function checkFormToken(
  token: unknown,
  secret: string,
  options: { minAgeMs: number; maxAgeMs?: number; now?: number },
): FormTokenCheck {
  const now = options.now ?? Date.now();
  const maxAgeMs = options.maxAgeMs ?? FORM_TOKEN_MAX_AGE_MS;
  const match = typeof token === "string" ? /^(\d{10,16})\.([A-Za-z0-9_-]{43})$/.exec(token) : null;
  if (!match) return invalid();
  const issuedAt = Number(match[1]);
  const given = Buffer.from(match[2]!);
  if (!matches(signature(secret, issuedAt), given) && !matches(signature(secret, issuedAt, LEGACY_CONTEXT), given))
    return invalid();
  const ageMs = now - issuedAt;
  if (ageMs > maxAgeMs || ageMs < -60_000) {
    return {
      ok: false,
      reason: "expired",
      message: "This form was opened too long ago. We've refreshed it: please check your details and send it again.",
    };
  }
  if (ageMs < options.minAgeMs) {
    return {
      ok: false,
      reason: "too-fast",
      message:
        "That was sent faster than we expect from a person. Please wait a few seconds, check your details and send it again.",
    };
  }
  return { ok: true, ageMs };
}

function invalid(): FormTokenCheck {
  return {
    ok: false,
    reason: "invalid",
    message: "We couldn't verify this form. Please reload the page, or send it again now that we've refreshed it.",
  };
}
