import type { NextFunction, Request, Response } from "express";
import { sql } from "kysely";
import { getDb, type DB } from "../db";
import { sendApiError } from "./api-errors";
import { addressBucket } from "./client-ip";

export interface RateLimitRule {
  /** Name of the bucket family, e.g. "contact-form" or "sign-in". */
  name: string;
  /** Requests allowed per window per key. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  /** Seconds until the window resets (for Retry-After). */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in the database, so every instance behind a load balancer counts
 * against the same budget (decision 0004). One atomic upsert per hit: concurrent hits on
 * any instance each get their own count. Expired rows are swept now and then.
 */
export class RateLimiter {
  private sweepAt = 0;

  constructor(
    private db: () => DB = getDb,
    private now: () => number = Date.now,
  ) {}

  async hit(rule: RateLimitRule, key: string): Promise<RateLimitResult> {
    const now = this.now();
    const db = this.db();
    if (now >= this.sweepAt) {
      this.sweepAt = now + 60_000;
      await db.deleteFrom("rate_limits").where("reset_at", "<=", now).execute();
    }
    const resetAt = now + rule.windowMs;
    const row = await db
      .insertInto("rate_limits")
      .values({ key: `${rule.name}:${key}`.slice(0, 300), count: 1, reset_at: resetAt })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          count: sql<number>`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end`,
          reset_at: sql<number>`case when rate_limits.reset_at <= ${now} then cast(${resetAt} as bigint) else rate_limits.reset_at end`,
        }),
      )
      .returning(["count", "reset_at"])
      .executeTakeFirstOrThrow();
    const count = Number(row.count);
    return {
      allowed: count <= rule.limit,
      remaining: Math.max(0, rule.limit - count),
      retryAfterSeconds: Math.max(1, Math.ceil((Number(row.reset_at) - now) / 1000)),
    };
  }

  /** A hit keyed on a client address, IPv6 grouped by /64 (see addressBucket). */
  hitAddress(rule: RateLimitRule, ip: string): Promise<RateLimitResult> {
    return this.hit(rule, addressBucket(ip));
  }
}

/** The process's limiter, on the process's database. */
export const rateLimiter = new RateLimiter();

/** A readable sentence for a 429, e.g. "Too many attempts. Please try again in 3 minutes." */
export function retryMessage(retryAfterSeconds: number, what = "requests"): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = retryAfterSeconds < 60 ? `${retryAfterSeconds} seconds` : `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `Too many ${what}. Please try again in ${wait}.`;
}

/** Express middleware for JSON APIs: 429 with Retry-After and the API error shape. */
export function rateLimit(
  rule: RateLimitRule,
  keyOf: (req: Request, res: Response) => string = (_req, res) => addressBucket(String(res.locals.clientIp)),
) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const result = await rateLimiter.hit(rule, keyOf(req, res));
      if (result.allowed) return next();
      res.setHeader("Retry-After", String(result.retryAfterSeconds));
      sendApiError(res, "rate_limited", retryMessage(result.retryAfterSeconds));
    } catch (err) {
      next(err);
    }
  };
}
