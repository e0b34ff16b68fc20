/**
 * The visibility rule for blog posts and help guides, in one place:
 *
 *   public  ⇔  status ∈ {published, scheduled}  AND  published_at IS NOT NULL  AND  published_at ≤ now
 *
 * A draft is never public. "scheduled" and "published" differ only in what staff meant;
 * both become public at published_at, so a scheduled item appears at its time without a
 * restart or a job, and a "published" item dated in the future waits like a scheduled one.
 * Queries evaluate the rule with the current time on every request.
 */
import type { ContentStatus } from "@common/content";

export const VISIBLE_STATUSES: ContentStatus[] = ["published", "scheduled"];

export function isVisible(item: { status: string; publishedAt: string | null }, now: Date = new Date()): boolean {
  if (item.status !== "published" && item.status !== "scheduled") return false;
  if (!item.publishedAt) return false;
  return Date.parse(item.publishedAt) <= now.getTime();
}

/** Stored timestamps are canonical ISO strings (toISOString), so text comparison on SQLite orders them correctly. */
export function canonicalIso(value: string | Date): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
