import crypto from "node:crypto";
import type { Selectable } from "kysely";
import { maskEmail, PRIVACY_DUE_DAYS, PRIVACY_VERIFY_HOURS, type PrivacyRequestKind } from "@common/privacy";
import { writeAudit } from "../audit/audit";
import { getConfig } from "../config";
import type { DB } from "../db";
import type { PrivacyRequestsTable } from "../db/schema-privacy";
import type { RateLimitRule } from "../http/rate-limit";

/**
 * The e-mailed confirmation link of a privacy request (decision 0050): its token is
 * `<request id>.<expiry>.<HMAC(AUTH_SECRET)>`, valid PRIVACY_VERIFY_HOURS from the request.
 * Opening the link only shows what it would confirm (`previewRequest`, no write: mail
 * scanners open links); the person's button post confirms it (`verifyRequest`).
 */

const VERIFY_MS = PRIVACY_VERIFY_HOURS * 60 * 60 * 1000;
const DUE_MS = PRIVACY_DUE_DAYS * 24 * 60 * 60 * 1000;
const CONTEXT = "privacy-request";

type Row = Selectable<PrivacyRequestsTable>;

/**
 * The confirm button's post, per client address (IPv6 by /64): the token is unguessable, so
 * this only keeps a script from hammering the page.
 */
export const CONFIRM_RATE_LIMIT: RateLimitRule = { name: "privacy-confirm", limit: 20, windowMs: 10 * 60 * 1000 };
/** A press sooner than this after the page was served is not a person's (a scanner that submits forms). */
export const CONFIRM_MIN_MS = 1000;

/** When an unverified request's link stops working. */
export const linkExpiry = (row: Pick<Row, "created_at">) => new Date(Date.parse(row.created_at) + VERIFY_MS);

/** The oldest creation time whose link still works. */
export const oldestLiveLink = (now: Date) => new Date(now.getTime() - VERIFY_MS);

function signature(id: string, expiresAt: number): string {
  return crypto
    .createHmac("sha256", getConfig().authSecret)
    .update(`${CONTEXT}:${id}:${expiresAt}`)
    .digest("base64url");
}

/** The confirmation link's token: the request id, its expiry and a signature over both. */
export function verificationToken(row: Pick<Row, "id" | "created_at">): string {
  const expiresAt = linkExpiry(row).getTime();
  return `${row.id}.${expiresAt}.${signature(row.id, expiresAt)}`;
}

export function verificationUrl(row: Pick<Row, "id" | "created_at">): string {
  return new URL(`/privacy-request/confirm?token=${verificationToken(row)}`, getConfig().siteUrl).toString();
}

export type LinkRefusal = { ok: false; reason: "invalid" | "expired" | "gone" };

/** What the link would confirm: the kind and the address, partly masked (the full one never reaches the page). */
export type LinkPreview =
  { ok: true; kind: PrivacyRequestKind; maskedEmail: string; confirmed: boolean; dueAt: string | null } | LinkRefusal;

export type Verification = { ok: true; kind: PrivacyRequestKind; dueAt: string | null; already: boolean } | LinkRefusal;

/** The request a token names, or why not: a broken or changed token, an expired one, a request no longer held. */
async function requestOf(db: DB, token: unknown, now: Date): Promise<{ ok: true; row: Row } | LinkRefusal> {
  const match = typeof token === "string" ? /^([0-9a-f-]{36})\.(\d{10,16})\.([A-Za-z0-9_-]{43})$/.exec(token) : null;
  if (!match) return { ok: false, reason: "invalid" };
  const [, id, expires, given] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(signature(id, Number(expires)));
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, Buffer.from(given)))
    return { ok: false, reason: "invalid" };
  if (Number(expires) < now.getTime()) return { ok: false, reason: "expired" };
  const row = await db.selectFrom("privacy_requests").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row || !row.email) return { ok: false, reason: "gone" };
  return { ok: true, row };
}

/** The link was opened (by the person or a mail scanner): what it would confirm. Writes nothing. */
export async function previewRequest(db: DB, token: unknown, now = new Date()): Promise<LinkPreview> {
  const found = await requestOf(db, token, now);
  if (!found.ok) return found;
  const { row } = found;
  return {
    ok: true,
    kind: row.kind,
    maskedEmail: maskEmail(row.email ?? ""),
    confirmed: row.status !== "unverified",
    dueAt: row.due_at,
  };
}

/**
 * The person pressed "Confirm my request": a valid, unexpired token verifies its request
 * (once; again it answers as already confirmed, changing nothing), and its 45 days start.
 */
export async function verifyRequest(db: DB, token: unknown, now = new Date()): Promise<Verification> {
  const found = await requestOf(db, token, now);
  if (!found.ok) return found;
  const { row } = found;
  if (row.status !== "unverified") return { ok: true, kind: row.kind, dueAt: row.due_at, already: true };
  const dueAt = new Date(now.getTime() + DUE_MS).toISOString();
  const first = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("privacy_requests")
      .set({ status: "open", verified_at: now.toISOString(), due_at: dueAt })
      .where("id", "=", row.id)
      .where("status", "=", "unverified")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await writeAudit(trx, { action: "privacy.request_verified", target: row.id, details: { kind: row.kind } });
    return true;
  });
  if (first) return { ok: true, kind: row.kind, dueAt, already: false };
  // Confirmed meanwhile by another press: its due date stands.
  const again = await db.selectFrom("privacy_requests").select("due_at").where("id", "=", row.id).executeTakeFirst();
  return { ok: true, kind: row.kind, dueAt: again?.due_at ?? dueAt, already: true };
}
