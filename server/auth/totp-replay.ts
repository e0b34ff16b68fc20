import crypto from "node:crypto";
import { symmetricDecrypt } from "better-auth/crypto";
import type { DB } from "../db";

/**
 * One TOTP code signs in once (issue 13): better-auth accepts the codes of the previous,
 * current and next 30-second step, so a phished code would work twice within its window.
 * Before better-auth checks a code we find which step it belongs to and claim that step
 * for the user in one conditional UPDATE (`lastUsedStep < step`): the first request wins,
 * a replay or a concurrent second use of the same code (or an older one) is refused.
 */
export const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;
const WINDOW = 1;

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text.replace(/=+$/, "").toUpperCase()) {
    const index = BASE32.indexOf(ch);
    if (index < 0) continue;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 4226 HOTP (SHA-1, 6 digits), as better-auth computes it. */
export function hotp(key: Buffer, counter: number): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = crypto.createHmac("sha1", key).update(msg).digest();
  const offset = mac[mac.length - 1]! & 15;
  const code = ((mac[offset]! & 127) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(code % 10 ** DIGITS).padStart(DIGITS, "0");
}

/** The latest time step within better-auth's window whose code is `code`, or null. */
export function matchingStep(key: Buffer, code: string, now = Date.now()): number | null {
  const current = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
  let found: number | null = null;
  for (let step = current - WINDOW; step <= current + WINDOW; step++) {
    const expected = hotp(key, step);
    if (expected.length === code.length && crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(code)))
      found = step;
  }
  return found;
}

/** The TOTP key from better-auth's encrypted secret (its plain or "base32:"-prefixed form). */
async function totpKey(secretKey: Parameters<typeof symmetricDecrypt>[0]["key"], encrypted: string): Promise<Buffer> {
  const secret = await symmetricDecrypt({ key: secretKey, data: encrypted });
  return secret.startsWith("base32:") ? base32Decode(secret.slice(7)) : Buffer.from(secret, "utf8");
}

export type ClaimResult = "claimed" | "replayed" | "no-match";

/**
 * Claims the time step of `code` for `userId`: "claimed" (first use, go on), "replayed"
 * (that step or a later one was already used: refuse), "no-match" (not a current code at
 * all: better-auth refuses it and counts the failure as usual).
 */
export async function claimTotpStep(
  db: DB,
  secretKey: Parameters<typeof symmetricDecrypt>[0]["key"],
  userId: string,
  code: string,
): Promise<ClaimResult> {
  const row = await db
    .selectFrom("twoFactor")
    .select(["secret", "lastUsedStep"])
    .where("userId", "=", userId)
    .executeTakeFirst();
  if (!row) return "no-match";
  let key: Buffer;
  try {
    key = await totpKey(secretKey, row.secret);
  } catch {
    return "no-match";
  }
  const step = matchingStep(key, code);
  if (step === null) return "no-match";
  const res = await db
    .updateTable("twoFactor")
    .set({ lastUsedStep: step })
    .where("userId", "=", userId)
    .where((eb) => eb.or([eb("lastUsedStep", "is", null), eb("lastUsedStep", "<", step)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0 ? "claimed" : "replayed";
}
