import crypto from "node:crypto";
import { isbot } from "isbot";
import { PROPOSAL_LIMITS, sendProposalSchema, statementFigures } from "@common/proposals";
import type { Pricing, ProposalFigures, StatementFigures } from "@common/proposal-math";
import { parseInput, ServiceError } from "@common/result";
import { writeAudit } from "../audit/audit";
import { getConfig } from "../config";
import { actorName, getContact } from "../contacts/contacts";
import type { DB } from "../db";
import { kickJobs } from "../jobs/jobs";
import { log } from "../logger";
import type { Actor } from "../auth/actor";
import { emitProposalEvent } from "./events";
import { enqueueAcceptanceNotice, sendProposalMail } from "./mail";
import { auditActor, insertReview, refreshContactSummary } from "./reviews";
import { newProposalToken, proposalTokenDigest } from "./tokens";

/**
 * Proposals (decision 0043): sent from a saved worksheet to the contact's e-mail, opened by
 * the merchant at /proposals/<token> (the token is stored as a digest), valid 30 days,
 * superseded by the next one sent to the same contact, accepted once.
 */

/** What a proposal shows, frozen when it is sent. */
export interface ProposalSnapshot {
  merchant: { name: string; businessName: string };
  statementMonth: string;
  statement: StatementFigures;
  pricing: Pricing;
  figures: ProposalFigures;
  note: string | null;
  sentByName: string;
}

export interface SentProposal {
  proposalId: string;
  url: string;
  /** The e-mail to the contact left; when false, `mailError` says why (the proposal stands). */
  mailed: boolean;
  mailError?: string;
}

const DAY_MS = 86_400_000;

export function proposalUrl(token: string): string {
  return `${getConfig().siteUrl}/proposals/${token}`;
}

/**
 * Saves the worksheet and sends a proposal from it: one transaction stores the review, marks
 * the contact's earlier proposal superseded and stores the new one; the e-mail follows the
 * commit. A proposal without a saving is refused unless `confirmNoSaving` is true.
 */
export async function sendProposal(db: DB, actor: Actor, contactId: string, input: unknown): Promise<SentProposal> {
  const contact = await getContact(db, contactId);
  const options = parseInput(sendProposalSchema, input);
  const { token, digest } = newProposalToken();
  const id = crypto.randomUUID();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + PROPOSAL_LIMITS.validDays * DAY_MS);
  const sentByName = await actorName(db, actor);
  const snapshot = await db.transaction().execute(async (trx) => {
    const review = await insertReview(trx, actor, contactId, input);
    if (review.figures.outcome === "no-saving" && !options.confirmNoSaving)
      throw new ServiceError("conflict", "This proposal shows no saving. Confirm that you want to send it anyway.", {
        confirmNoSaving: "Confirm sending a proposal that shows no saving.",
      });
    const snapshot: ProposalSnapshot = {
      merchant: { name: contact.name, businessName: contact.businessName },
      statementMonth: review.statementMonth,
      statement: statementFigures(review.input),
      pricing: review.pricing,
      figures: review.figures,
      note: options.note,
      sentByName,
    };
    await trx
      .updateTable("proposals")
      .set({ superseded_at: now.toISOString(), superseded_by: id })
      .where("contact_id", "=", contactId)
      .where("superseded_at", "is", null)
      .execute();
    await trx
      .insertInto("proposals")
      .values({
        id,
        contact_id: contactId,
        review_id: review.id,
        token_digest: digest,
        snapshot: JSON.stringify(snapshot),
        monthly_savings_cents: review.figures.monthlySavingsCents,
        annual_savings_cents: review.figures.annualSavingsCents,
        no_saving_confirmed: review.figures.outcome === "no-saving",
        sent_to: contact.email,
        sent_by: actor.id,
        sent_by_name: sentByName,
        created_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
      })
      .execute();
    await refreshContactSummary(trx, contactId);
    await writeAudit(trx, {
      action: "proposal.sent",
      target: contactId,
      ...auditActor(actor),
      details: {
        proposalId: id,
        reviewId: review.id,
        annualSavingsCents: review.figures.annualSavingsCents,
        noSavingConfirmed: review.figures.outcome === "no-saving",
      },
    });
    await emitProposalEvent(trx, "proposal.sent", {
      proposalId: id,
      contactId,
      monthlySavingsCents: snapshot.figures.monthlySavingsCents,
      annualSavingsCents: snapshot.figures.annualSavingsCents,
      at: now.toISOString(),
    });
    return snapshot;
  });
  kickJobs();
  const url = proposalUrl(token);
  try {
    await sendProposalMail(db, { to: contact.email, url, snapshot, expiresAt });
    return { proposalId: id, url, mailed: true };
  } catch (err) {
    log.warn("proposal e-mail failed", { proposalId: id, err });
    return { proposalId: id, url, mailed: false, mailError: err instanceof Error ? err.message : String(err) };
  }
}

export type PublicProposal =
  | { status: "not_found" }
  | { status: "superseded"; supersededAt: string }
  | { status: "expired"; expiresAt: string }
  | {
      status: "open";
      snapshot: ProposalSnapshot;
      sentAt: string;
      expiresAt: string;
      acceptedAt: string | null;
    };

async function findByToken(db: DB, token: string) {
  const digest = proposalTokenDigest(token);
  if (!digest) return undefined;
  return db.selectFrom("proposals").selectAll().where("token_digest", "=", digest).executeTakeFirst();
}

type Row = NonNullable<Awaited<ReturnType<typeof findByToken>>>;

function closedStatus(row: Row, now: Date): ClosedProposal | null {
  if (row.superseded_at) return { status: "superseded", supersededAt: row.superseded_at };
  if (!row.accepted_at && new Date(row.expires_at) <= now) return { status: "expired", expiresAt: row.expires_at };
  return null;
}

/**
 * The merchant's page. A view counts when the proposal is open and the viewer is neither
 * signed-in staff nor a bot (mail scanners open links too); the first one moves the
 * contact's proposal state to "viewed".
 */
export async function openProposal(
  db: DB,
  token: string,
  viewer: { staff: boolean; userAgent: string | null; now?: Date },
): Promise<PublicProposal> {
  const row = await findByToken(db, token);
  if (!row) return { status: "not_found" };
  const now = viewer.now ?? new Date();
  const closed = closedStatus(row, now);
  if (closed) return closed;
  if (!viewer.staff && !isbot(viewer.userAgent ?? "")) {
    const at = now.toISOString();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable("proposals")
        .set((eb) => ({
          view_count: eb("view_count", "+", 1),
          first_viewed_at: eb.fn.coalesce("first_viewed_at", eb.val(at)),
          last_viewed_at: at,
        }))
        .where("id", "=", row.id)
        .execute();
      if (!row.first_viewed_at) await refreshContactSummary(trx, row.contact_id);
    });
  }
  return {
    status: "open",
    snapshot: JSON.parse(row.snapshot) as ProposalSnapshot,
    sentAt: row.created_at,
    expiresAt: row.expires_at,
    acceptedAt: row.accepted_at,
  };
}

export type ClosedProposal = Exclude<PublicProposal, { status: "open" }>;
export type AcceptOutcome = { status: "accepted"; acceptedAt: string; first: boolean } | ClosedProposal;

/** "I'd like to switch": recorded once (time and IP), staff notified by a job, the event raised. */
export async function acceptProposal(db: DB, token: string, ip: string, now = new Date()): Promise<AcceptOutcome> {
  const row = await findByToken(db, token);
  if (!row) return { status: "not_found" };
  const closed = closedStatus(row, now);
  if (closed) return closed;
  if (row.accepted_at) return { status: "accepted", acceptedAt: row.accepted_at, first: false };
  const at = now.toISOString();
  const first = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("proposals")
      .set({ accepted_at: at, accepted_ip: ip.slice(0, 64) })
      .where("id", "=", row.id)
      .where("accepted_at", "is", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await refreshContactSummary(trx, row.contact_id);
    await enqueueAcceptanceNotice(trx, row.id);
    await writeAudit(trx, { action: "proposal.accepted", target: row.contact_id, ip, details: { proposalId: row.id } });
    await emitProposalEvent(trx, "proposal.accepted", {
      proposalId: row.id,
      contactId: row.contact_id,
      monthlySavingsCents: Number(row.monthly_savings_cents),
      annualSavingsCents: Number(row.annual_savings_cents),
      at,
    });
    return true;
  });
  if (!first) {
    const again = await db.selectFrom("proposals").select("accepted_at").where("id", "=", row.id).executeTakeFirst();
    return { status: "accepted", acceptedAt: again?.accepted_at ?? at, first: false };
  }
  kickJobs();
  return { status: "accepted", acceptedAt: at, first: true };
}
