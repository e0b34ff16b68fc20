import crypto from "node:crypto";
import { reviewInputSchema, statementFigures, type ProposalState, type ReviewInput } from "@common/proposals";
import { computeProposal, type Pricing, type ProposalFigures } from "@common/proposal-math";
import { parseInput } from "@common/result";
import { writeAudit } from "../audit/audit";
import { actorName, getContact } from "../contacts/contacts";
import { setContactProposalSummary } from "../contacts/proposal-summary";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";
import type { Actor } from "../auth/actor";
import { getPricing } from "./pricing";

/**
 * The statement review worksheet of a contact: every save is kept (the timeline lists them),
 * with the pricing it was computed with and its figures, so a later pricing change never
 * rewrites what staff saw. The contact's proposal summary (list filter and sort) follows.
 */

export interface StatementReview {
  id: string;
  contactId: string;
  statementId: string | null;
  statementMonth: string;
  input: ReviewInput;
  pricing: Pricing;
  figures: ProposalFigures;
  createdAt: string;
  createdByName: string | null;
}

type ReviewRow = Awaited<ReturnType<typeof reviewRows>>[number];

function reviewRows(db: DB, contactId: string) {
  return db
    .selectFrom("statement_reviews")
    .selectAll()
    .where("contact_id", "=", contactId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(100)
    .execute();
}

function toReview(r: ReviewRow): StatementReview {
  return {
    id: r.id,
    contactId: r.contact_id,
    statementId: r.statement_id,
    statementMonth: r.statement_month,
    input: JSON.parse(r.input) as ReviewInput,
    pricing: JSON.parse(r.pricing) as Pricing,
    figures: JSON.parse(r.figures) as ProposalFigures,
    createdAt: r.created_at,
    createdByName: r.created_by_name,
  };
}

/** A contact's reviews, newest first (at most 100). */
export async function listReviews(db: DB, contactId: string): Promise<StatementReview[]> {
  return (await reviewRows(db, contactId)).map(toReview);
}

export function auditActor(actor: Actor) {
  return { actorId: actor.id, actorEmail: actor.email, ip: actor.ip ?? null, userAgent: actor.userAgent ?? null };
}

/**
 * Stores one save of the worksheet (inside the caller's transaction when given one) and
 * returns it. The figures are computed here, from the current pricing, never taken from
 * the client.
 */
export async function insertReview(db: DB, actor: Actor, contactId: string, input: unknown): Promise<StatementReview> {
  const value = parseInput(reviewInputSchema, input, "Please correct the worksheet's figures.");
  const { pricing } = await getPricing(db);
  const figures = computeProposal(statementFigures(value), pricing);
  const review = {
    id: crypto.randomUUID(),
    contact_id: contactId,
    statement_id: value.statementId,
    statement_month: value.statementMonth,
    volume_cents: value.volume,
    transactions: value.transactions,
    fees_cents: value.fees,
    input: JSON.stringify(value),
    pricing: JSON.stringify(pricing),
    figures: JSON.stringify(figures),
    annual_savings_cents: figures.annualSavingsCents,
    created_by: actor.id,
    created_by_name: await actorName(db, actor),
    created_at: nowIso(),
  };
  await db.insertInto("statement_reviews").values(review).execute();
  await writeAudit(db, {
    action: "proposal.review_saved",
    target: contactId,
    ...auditActor(actor),
    details: { reviewId: review.id, annualSavingsCents: figures.annualSavingsCents, outcome: figures.outcome },
  });
  return toReview(review);
}

export async function saveReview(db: DB, actor: Actor, contactId: string, input: unknown): Promise<StatementReview> {
  await getContact(db, contactId);
  return db.transaction().execute(async (trx) => {
    const review = await insertReview(trx, actor, contactId, input);
    await refreshContactSummary(trx, contactId);
    return review;
  });
}

/**
 * Recomputes the contact's proposal columns: the latest review's annual saving, and the
 * state of its latest proposal (accepted, viewed or sent), or "reviewed" when none was sent.
 */
export async function refreshContactSummary(db: DB, contactId: string): Promise<void> {
  const review = await db
    .selectFrom("statement_reviews")
    .select("annual_savings_cents")
    .where("contact_id", "=", contactId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  const proposal = await db
    .selectFrom("proposals")
    .select(["accepted_at", "first_viewed_at"])
    .where("contact_id", "=", contactId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  let state: ProposalState | null = review ? "reviewed" : null;
  if (proposal) state = proposal.accepted_at ? "accepted" : proposal.first_viewed_at ? "viewed" : "sent";
  await setContactProposalSummary(db, contactId, {
    state,
    annualSavingsCents: review ? Number(review.annual_savings_cents) : null,
  });
}
