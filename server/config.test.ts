import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const secret = "x".repeat(32);

describe("loadConfig", () => {
  it("defaults to SQLite under ./data on port 3000", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: "sqlite", file: path.resolve("data/site.db") });
    expect(config.siteUrl).toBe("http://localhost:3000");
    expect(config.isProduction).toBe(false);
    expect(config.trustProxy).toBe(false);
  });

  it("uses PostgreSQL for postgres:// and postgresql:// URLs", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://u@h/db" }).database).toEqual({
      kind: "postgres",
      url: "postgres://u@h/db",
    });
    expect(loadConfig({ DATABASE_URL: "postgresql://u@h/db" }).database.kind).toBe("postgres");
    expect(loadConfig({ DATABASE_URL: "file:/tmp/x.db" }).database).toEqual({ kind: "sqlite", file: "/tmp/x.db" });
  });

  it("guards webhooks by default; WEBHOOKS_ALLOW_LOCAL=1 lifts the guard, and the retry settings are read", () => {
    expect(loadConfig({}).webhooks).toEqual({ allowLocal: false, retryMs: 60_000, maxAttempts: 8, timeoutMs: 10_000 });
    expect(
      loadConfig({ WEBHOOKS_ALLOW_LOCAL: "1", WEBHOOK_RETRY_SECONDS: "2", WEBHOOK_MAX_ATTEMPTS: "3" }).webhooks,
    ).toEqual({ allowLocal: true, retryMs: 2_000, maxAttempts: 3, timeoutMs: 10_000 });
    expect(() => loadConfig({ WEBHOOKS_ALLOW_LOCAL: "maybe" })).toThrow(/WEBHOOKS_ALLOW_LOCAL/);
    expect(() => loadConfig({ WEBHOOK_MAX_ATTEMPTS: "0" })).toThrow(/WEBHOOK_MAX_ATTEMPTS/);
  });

  it("rejects an unsupported DATABASE_URL with a clear message", () => {
    expect(() => loadConfig({ DATABASE_URL: "mysql://u@h/db" })).toThrow(/DATABASE_URL must start with postgres:\/\//);
  });

  it("refuses production without an AUTH_SECRET of at least 32 characters", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "production", AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET must be set/);
    expect(
      loadConfig({ NODE_ENV: "production", AUTH_SECRET: secret, SITE_URL: "https://www.example.com" }).authSecret,
    ).toBe(secret);
  });

  it("requires an https SITE_URL in production (http only on a loopback address)", () => {
    const prod = { NODE_ENV: "production", AUTH_SECRET: secret };
    expect(() => loadConfig(prod)).toThrow(/SITE_URL must be set in production/);
    expect(() => loadConfig({ ...prod, SITE_URL: "http://www.example.com" })).toThrow(/must be an https address/);
    expect(loadConfig({ ...prod, SITE_URL: "https://www.example.com" }).siteUrl).toBe("https://www.example.com");
    expect(loadConfig({ ...prod, SITE_URL: "http://localhost:3000" }).siteUrl).toBe("http://localhost:3000");
    expect(loadConfig({ SITE_URL: "http://www.example.com" }).siteUrl).toBe("http://www.example.com");
  });

  it("binds 127.0.0.1 behind a proxy unless HOST is set, 0.0.0.0 otherwise", () => {
    expect(loadConfig({}).host).toBe("0.0.0.0");
    expect(loadConfig({ TRUST_PROXY: "1" })).toMatchObject({ host: "127.0.0.1", hostFromTrustProxy: true });
    expect(loadConfig({ TRUST_PROXY: "1", HOST: "10.0.0.5" })).toMatchObject({
      host: "10.0.0.5",
      hostFromTrustProxy: false,
    });
  });

  it("reads the session limits: 30 minutes idle, 12 hours at most, 5 minutes to re-authenticate", () => {
    expect(loadConfig({}).auth).toMatchObject({
      sessionIdleMs: 1_800_000,
      sessionMaxMs: 43_200_000,
      reauthMs: 300_000,
    });
    expect(loadConfig({ SESSION_IDLE_MINUTES: "15", SESSION_MAX_HOURS: "8", REAUTH_MINUTES: "2" }).auth).toMatchObject({
      sessionIdleMs: 900_000,
      sessionMaxMs: 28_800_000,
      reauthMs: 120_000,
    });
  });

  it("reads the submission e-mail job's settings, under their old names too when the new ones are unset", () => {
    expect(loadConfig({}).submissionNotify).toEqual({ retryMs: 300_000, maxAttempts: 6 });
    expect(
      loadConfig({ SUBMISSION_NOTIFY_RETRY_SECONDS: "60", SUBMISSION_NOTIFY_MAX_ATTEMPTS: "3" }).submissionNotify,
    ).toEqual({ retryMs: 60_000, maxAttempts: 3 });
    expect(loadConfig({ LEAD_NOTIFY_RETRY_SECONDS: "30", LEAD_NOTIFY_MAX_ATTEMPTS: "2" }).submissionNotify).toEqual({
      retryMs: 30_000,
      maxAttempts: 2,
    });
    expect(
      loadConfig({ SUBMISSION_NOTIFY_MAX_ATTEMPTS: "4", LEAD_NOTIFY_MAX_ATTEMPTS: "9" }).submissionNotify.maxAttempts,
    ).toBe(4);
  });

  it("reports invalid values by name", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ SITE_URL: "not a url" })).toThrow(/SITE_URL/);
    expect(() => loadConfig({ TRUST_PROXY: "maybe" })).toThrow(/TRUST_PROXY/);
  });

  it("reads TRUST_PROXY and trims a trailing slash from SITE_URL", () => {
    const config = loadConfig({ TRUST_PROXY: "1", SITE_URL: "https://www.example.com/" });
    expect(config.trustProxy).toBe(true);
    expect(config.siteUrl).toBe("https://www.example.com");
  });
});
