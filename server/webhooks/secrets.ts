import crypto from "node:crypto";

/**
 * Webhook signing secrets. A secret is made here (`whsec_` and 32 random bytes in base64,
 * the Standard Webhooks form), shown to the admin once, and stored sealed with AES-256-GCM
 * under a key derived from AUTH_SECRET: it must be readable to sign (unlike the tokens kept
 * as digests, decision 0020), but a copy of the database or a backup alone does not give it
 * away. A sealed secret that no longer opens (AUTH_SECRET changed) fails its deliveries
 * with a sentence saying to make a new one (decision 0040).
 */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString("base64")}`;
}

const keyOf = (authSecret: string) =>
  Buffer.from(crypto.hkdfSync("sha256", authSecret, "meritum-webhook-secrets", "v1", 32));

export function sealSecret(secret: string, authSecret: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", keyOf(authSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

export class SecretUnreadableError extends Error {
  override name = "SecretUnreadableError";
  constructor() {
    super(
      "The signing secret cannot be read (AUTH_SECRET has changed since it was made): make a new secret for this webhook.",
    );
  }
}

export function openSecret(sealed: string, authSecret: string): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || !data) throw new SecretUnreadableError();
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", keyOf(authSecret), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretUnreadableError();
  }
}
