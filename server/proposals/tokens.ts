import crypto from "node:crypto";
import { sha256 } from "../auth/token-hash";

/**
 * A proposal's link token: 32 random bytes (256 bits) as base64url, 43 characters. Only its
 * SHA-256 digest is stored (decision 0020's hash), so the database and its backups hold
 * nothing that opens a proposal; the lookup is an indexed equality on the digest.
 */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newProposalToken(): { token: string; digest: string } {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, digest: sha256(token) };
}

/** The stored digest of a token from a URL, or null when it cannot be one of ours. */
export function proposalTokenDigest(token: string): string | null {
  return TOKEN_PATTERN.test(token) ? sha256(token) : null;
}
