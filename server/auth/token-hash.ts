import crypto from "node:crypto";

/**
 * Tokens at rest (decision 0020). Session tokens and verification identifiers (reset links,
 * invitations, the pending 2FA step) are stored as SHA-256 digests, so a copy of the
 * database or a backup holds nothing that signs anyone in. They are random (≥ 20 characters
 * from better-auth's generator), so an unsalted fast hash is enough; lookups compare
 * digests inside the database, never the token itself.
 */
export function sha256(value: string): string {
  return crypto.createHash("sha256").update(value).digest("base64url");
}

/**
 * A verification identifier as stored: a readable kind prefix ending in ":" (what the
 * clean-up queries select with `like 'invite:%'`) is kept, the secret after it is hashed.
 * Identifiers without such a prefix (better-auth's "2fa-…") are hashed whole.
 */
export function storedVerificationIdentifier(identifier: string): string {
  const colon = identifier.indexOf(":");
  if (colon > 0 && /^[a-z-]+$/.test(identifier.slice(0, colon)))
    return identifier.slice(0, colon + 1) + sha256(identifier.slice(colon + 1));
  return sha256(identifier);
}
