import path from "node:path";
import { z } from "zod";

/**
 * The one place that reads process.env. Everything else imports `config` (or calls
 * `loadConfig` with an explicit environment, as the tests do).
 */

const booleanish = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .optional()
  .transform((value) => value === "1" || value === "true" || value === "yes");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Meritum <no-reply@meritum.local>"),
  STAFF_NOTIFY_EMAIL: z.string().optional(),
  SITE_URL: z.string().url().optional(),
  AUTH_SECRET: z.string().optional(),
  TRUST_PROXY: booleanish,
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(300),
  AUTH_LOCKOUT_THRESHOLD: z.coerce.number().int().min(1).default(10),
  AUTH_LOCKOUT_MINUTES: z.coerce.number().min(0.01).default(15),
  SESSION_IDLE_MINUTES: z.coerce.number().min(1).max(1440).default(30),
  SESSION_MAX_HOURS: z.coerce.number().min(1).max(720).default(12),
  REAUTH_MINUTES: z.coerce.number().min(1).max(60).default(5),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(5),
  CONTACT_MIN_SUBMIT_SECONDS: z.coerce.number().min(0).max(600).default(3),
  FORM_PROOF_MAX_NUMBER: z.coerce.number().int().min(1).max(10_000_000).default(50_000),
  SUBMISSION_NOTIFY_RETRY_SECONDS: z.coerce.number().min(1).max(86_400).optional(),
  SUBMISSION_NOTIFY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).optional(),
  // The names these had before every form shared the job; read when the new ones are unset.
  LEAD_NOTIFY_RETRY_SECONDS: z.coerce.number().min(1).max(86_400).optional(),
  LEAD_NOTIFY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).optional(),
  PAGE_CACHE: z
    .enum(["1", "0", "true", "false", "yes", "no", ""])
    .optional()
    .transform((value) => value !== "0" && value !== "false" && value !== "no"),
  STATEMENT_DAILY_LIMIT_MB: z.coerce.number().min(0).max(100_000).default(500),
  WEBHOOKS_ALLOW_LOCAL: booleanish,
  WEBHOOK_RETRY_SECONDS: z.coerce.number().min(1).max(86_400).default(60),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(8),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(1).max(60).default(10),
  ANALYTICS: z
    .enum(["1", "0", "true", "false", "yes", "no", ""])
    .optional()
    .transform((value) => value !== "0" && value !== "false" && value !== "no"),
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(730),
});

export type DatabaseTarget = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

export interface AppConfig {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  /** True when HOST was not set and TRUST_PROXY=1 made us bind to 127.0.0.1 (said at start-up). */
  hostFromTrustProxy: boolean;
  dataDir: string;
  database: DatabaseTarget;
  smtpUrl: string | undefined;
  mailFrom: string;
  staffNotifyEmail: string | undefined;
  siteUrl: string;
  authSecret: string;
  trustProxy: boolean;
  auth: {
    /** Per client IP: sign-in, 2FA verification and reset requests allowed per window (each). */
    rateLimitMax: number;
    rateLimitWindowSeconds: number;
    /** Consecutive failed sign-ins on one e-mail address before it is locked. */
    lockoutThreshold: number;
    lockoutMinutes: number;
    /** A session unused this long ends (staff sessions). */
    sessionIdleMs: number;
    /** A session ends this long after sign-in, however much it is used. */
    sessionMaxMs: number;
    /** Sensitive actions need the password again unless given within this window. */
    reauthMs: number;
  };
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /** Free Analysis form: posts allowed per client IP per 10 minutes. */
  contactRateLimit: number;
  /** Free Analysis form: a post sooner than this after the page loaded is refused. */
  contactMinSubmitMs: number;
  /** The public forms' proof-of-work difficulty: the largest secret number (decision 0051). */
  formProofMaxNumber: number;
  /** The staff e-mail of a submission (every form): base backoff of its retries, and attempts before it is flagged "failed". */
  submissionNotify: { retryMs: number; maxAttempts: number };
  /** Anonymous public pages answered from the rendered-page cache (decision 0016); on unless PAGE_CACHE=0. */
  pageCache: boolean;
  /** Bytes of statements stored per UTC day; past it a lead is taken without its file. */
  statementDailyLimitBytes: number;
  /** Outgoing webhooks (server/webhooks). */
  webhooks: {
    /**
     * WEBHOOKS_ALLOW_LOCAL=1 (tests, local development): plain http URLs and addresses on
     * loopback, private, link-local and metadata networks are accepted. Off: https only, public addresses only.
     */
    allowLocal: boolean;
    /** Wait before the second attempt of a failed delivery; doubles per attempt. */
    retryMs: number;
    /** Attempts of a delivery before it is marked failed. */
    maxAttempts: number;
    /** How long a receiver has to answer. */
    timeoutMs: number;
  };
  /** Visitor counting (server/analytics, decision 0044); on unless ANALYTICS=0. */
  analytics: boolean;
  /** Days the visitor aggregates are kept before the daily job purges them (default 730, two years). */
  analyticsRetentionDays: number;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Production needs the public address (e-mail links, canonical URLs, the origin check) and
 * it must be https; plain http is accepted only on a loopback address, for trying the
 * production build on one's own machine (`npm run quickstart`).
 */
function siteUrlProblem(siteUrl: string | undefined): string | null {
  if (!siteUrl)
    return "SITE_URL must be set in production to the public https address of the site, e.g. SITE_URL=https://www.meritum.com";
  const url = new URL(siteUrl);
  if (url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname))) return null;
  return `SITE_URL must be an https address in production (got ${url.protocol}//${url.host}); plain http is accepted only for localhost.`;
}

const DEV_SECRET = "development-only-secret-do-not-use-in-production-0000";

export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new ConfigError(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === "production";

  if (isProduction && (!e.AUTH_SECRET || e.AUTH_SECRET.length < 32)) {
    throw new ConfigError(
      "AUTH_SECRET must be set to at least 32 random characters in production. " +
        "Generate one with: node -e \"console.log(require('crypto').randomBytes(32).toString('hex'))\" " +
        "(or run `npm run quickstart`, which writes one to .env).",
    );
  }

  if (isProduction) {
    const problem = siteUrlProblem(e.SITE_URL);
    if (problem) throw new ConfigError(problem);
  }

  const dataDir = path.resolve(e.DATA_DIR);
  const url = e.DATABASE_URL?.trim();
  let database: DatabaseTarget;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    database = { kind: "postgres", url };
  } else if (!url) {
    database = { kind: "sqlite", file: path.join(dataDir, "site.db") };
  } else if (url.startsWith("file:")) {
    database = { kind: "sqlite", file: path.resolve(url.slice("file:".length)) };
  } else {
    throw new ConfigError(
      `DATABASE_URL must start with postgres:// (or file: for SQLite); got "${url.split(":")[0]}:..."`,
    );
  }

  const port = e.PORT;
  const hostSet = !!e.HOST?.trim();
  return {
    env: e.NODE_ENV,
    isProduction,
    port,
    // Behind a proxy the forwarded headers are trusted: only the proxy may reach the port.
    host: hostSet ? e.HOST!.trim() : e.TRUST_PROXY ? "127.0.0.1" : "0.0.0.0",
    hostFromTrustProxy: !hostSet && e.TRUST_PROXY,
    dataDir,
    database,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    staffNotifyEmail: e.STAFF_NOTIFY_EMAIL || undefined,
    siteUrl: (e.SITE_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    authSecret: e.AUTH_SECRET ?? DEV_SECRET,
    trustProxy: e.TRUST_PROXY,
    auth: {
      rateLimitMax: e.AUTH_RATE_LIMIT_MAX,
      rateLimitWindowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      lockoutThreshold: e.AUTH_LOCKOUT_THRESHOLD,
      lockoutMinutes: e.AUTH_LOCKOUT_MINUTES,
      sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
      sessionMaxMs: e.SESSION_MAX_HOURS * 3_600_000,
      reauthMs: e.REAUTH_MINUTES * 60_000,
    },
    logLevel: e.NODE_ENV === "test" && !env.LOG_LEVEL ? "warn" : e.LOG_LEVEL,
    contactRateLimit: e.CONTACT_RATE_LIMIT,
    contactMinSubmitMs: e.CONTACT_MIN_SUBMIT_SECONDS * 1000,
    formProofMaxNumber: e.FORM_PROOF_MAX_NUMBER,
    submissionNotify: {
      retryMs: (e.SUBMISSION_NOTIFY_RETRY_SECONDS ?? e.LEAD_NOTIFY_RETRY_SECONDS ?? 300) * 1000,
      maxAttempts: e.SUBMISSION_NOTIFY_MAX_ATTEMPTS ?? e.LEAD_NOTIFY_MAX_ATTEMPTS ?? 6,
    },
    pageCache: e.PAGE_CACHE,
    statementDailyLimitBytes: Math.round(e.STATEMENT_DAILY_LIMIT_MB * 1024 * 1024),
    webhooks: {
      allowLocal: e.WEBHOOKS_ALLOW_LOCAL,
      retryMs: e.WEBHOOK_RETRY_SECONDS * 1000,
      maxAttempts: e.WEBHOOK_MAX_ATTEMPTS,
      timeoutMs: e.WEBHOOK_TIMEOUT_SECONDS * 1000,
    },
    analytics: e.ANALYTICS,
    analyticsRetentionDays: e.ANALYTICS_RETENTION_DAYS,
  };
}

let current: AppConfig | undefined;

/** The process-wide configuration, read from process.env on first use. */
export function getConfig(): AppConfig {
  current ??= loadConfig(process.env);
  return current;
}
