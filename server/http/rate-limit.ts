import type { NextFunction, Request, Response } from "express";
import { sendApiError } from "./api-errors";

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
 * Fixed-window counters in process memory. One instance counts its own traffic; behind a
 * load balancer with N instances the effective limit is at most N times the rule (see
 * docs/decisions/0004-rate-limits-in-memory.md).
 */
export class RateLimiter {
  private buckets = new Map<string, { count: number; resetAt: number }>();
  private sweepAt = 0;

  constructor(private now: () => number = Date.now) {}

  hit(rule: RateLimitRule, key: string): RateLimitResult {
    const now = this.now();
    if (now >= this.sweepAt) this.sweep(now);
    const id = `${rule.name}:${key}`;
    let bucket = this.buckets.get(id);
    if (!bucket || now >= bucket.resetAt) {
      bucket = { count: 0, resetAt: now + rule.windowMs };
      this.buckets.set(id, bucket);
    }
    bucket.count += 1;
    return {
      allowed: bucket.count <= rule.limit,
      remaining: Math.max(0, rule.limit - bucket.count),
      retryAfterSeconds: Math.max(1, Math.ceil((bucket.resetAt - now) / 1000)),
    };
  }

  reset(): void {
    this.buckets.clear();
  }

  private sweep(now: number) {
    for (const [id, bucket] of this.buckets) if (now >= bucket.resetAt) this.buckets.delete(id);
    this.sweepAt = now + 60_000;
  }
}

/** The process-wide limiter shared by every rule. */
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
  keyOf: (req: Request, res: Response) => string = (_req, res) => String(res.locals.clientIp),
) {
  return (req: Request, res: Response, next: NextFunction) => {
    const result = rateLimiter.hit(rule, keyOf(req, res));
    if (result.allowed) return next();
    res.setHeader("Retry-After", String(result.retryAfterSeconds));
    sendApiError(res, 429, "rate_limited", retryMessage(result.retryAfterSeconds));
  };
}
