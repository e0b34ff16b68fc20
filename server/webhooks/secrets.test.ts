import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { newWebhookSecret, openSecret, sealSecret } from "./secrets";

describe("webhook secrets", () => {
  it("are Standard Webhooks secrets the reference library accepts", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
    const signed = new Webhook(secret).sign("msg_1", new Date(), "{}");
    expect(signed).toMatch(/^v1,/);
  });

  it("are stored sealed: readable with the same AUTH_SECRET only", () => {
    const secret = newWebhookSecret();
    const sealed = sealSecret(secret, "a".repeat(40));
    expect(sealed).not.toContain(secret.slice(6));
    expect(sealSecret(secret, "a".repeat(40))).not.toBe(sealed); // a new IV each time
    expect(openSecret(sealed, "a".repeat(40))).toBe(secret);
    expect(() => openSecret(sealed, "b".repeat(40))).toThrow("AUTH_SECRET has changed");
    expect(() => openSecret(`${sealed.slice(0, -2)}xx`, "a".repeat(40))).toThrow("AUTH_SECRET has changed");
  });
});
