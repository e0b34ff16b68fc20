import { formatCents } from "@common/proposal-math";
import { addDays, arizonaDate, arizonaDayStart } from "@common/arizona";
import type { DB } from "../db";
import { listReviews, type StatementReview } from "./reviews";

/**
 * What staff see of a contact's reviews and proposals (the worksheet, the contact's timeline)
 * and the dashboard's 30-day figures. Read from the proposals tables only; the admin screens
 * compose them with the contact's own timeline (decision 0043).
 */

export type ProposalStatus = "open" | "accepted" | "expired" | "superseded";

export interface StaffProposal {
  id: string;
  reviewId: string;
  sentAt: string;
  sentTo: string;
  sentByName: string | null;
  expiresAt: string;
  status: ProposalStatus;
  monthlySavingsCents: number;
  annualSavingsCents: number;
  noSavingConfirmed: boolean;
  viewCount: number;
  firstViewedAt: string | null;
  lastViewedAt: string | null;
  acceptedAt: string | null;
  acceptedIp: string | null;
  supersededAt: string | null;
}

/** One line of the contact's timeline that proposals contribute. */
export interface ProposalTimelineEvent {
  id: string;
  kind: "review" | "sent" | "viewed" | "accepted";
  at: string;
  title: string;
  body: string | null;
}

export interface ContactProposals {
  reviews: StatementReview[];
  proposals: StaffProposal[];
  events: ProposalTimelineEvent[];
}

const savingWords = (annualCents: number) =>
  annualCents > 0 ? `Estimated saving ${formatCents(annualCents)} a year.` : "Shows no saving.";

export async function contactProposals(db: DB, contactId: string, now = new Date()): Promise<ContactProposals> {
  const [reviews, rows] = await Promise.all([
    listReviews(db, contactId),
    db
      .selectFrom("proposals")
      .selectAll()
      .where("contact_id", "=", contactId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(100)
      .execute(),
  ]);
  const proposals = rows.map((r): StaffProposal => ({
    id: r.id,
    reviewId: r.review_id,
    sentAt: r.created_at,
    sentTo: r.sent_to,
    sentByName: r.sent_by_name,
    expiresAt: r.expires_at,
    status: r.superseded_at
      ? "superseded"
      : r.accepted_at
        ? "accepted"
        : new Date(r.expires_at) <= now
          ? "expired"
          : "open",
    monthlySavingsCents: Number(r.monthly_savings_cents),
    annualSavingsCents: Number(r.annual_savings_cents),
    noSavingConfirmed: Boolean(r.no_saving_confirmed),
    viewCount: Number(r.view_count),
    firstViewedAt: r.first_viewed_at,
    lastViewedAt: r.last_viewed_at,
    acceptedAt: r.accepted_at,
    acceptedIp: r.accepted_ip,
    supersededAt: r.superseded_at,
  }));
  return { reviews, proposals, events: timelineEvents(reviews, proposals) };
}

function timelineEvents(reviews: StatementReview[], proposals: StaffProposal[]): ProposalTimelineEvent[] {
  const by = (name: string | null) => (name ? ` by ${name}` : "");
  const events: ProposalTimelineEvent[] = reviews.map((r) => ({
    id: `review-${r.id}`,
    kind: "review",
    at: r.createdAt,
    title: `Statement review saved${by(r.createdByName)}`,
    body: savingWords(r.figures.annualSavingsCents),
  }));
  for (const p of proposals) {
    const state =
      p.status === "superseded" ? " (replaced by a newer proposal)" : p.status === "expired" ? " (expired)" : "";
    events.push({
      id: `sent-${p.id}`,
      kind: "sent",
      at: p.sentAt,
      title: `Proposal sent to ${p.sentTo}${by(p.sentByName)}${state}`,
      body: savingWords(p.annualSavingsCents) + (p.noSavingConfirmed ? " Sent with a confirmation." : ""),
    });
    if (p.firstViewedAt)
      events.push({
        id: `viewed-${p.id}`,
        kind: "viewed",
        at: p.firstViewedAt,
        title: `Proposal viewed by the merchant (${p.viewCount} ${p.viewCount === 1 ? "view" : "views"})`,
        body: null,
      });
    if (p.acceptedAt)
      events.push({
        id: `accepted-${p.id}`,
        kind: "accepted",
        at: p.acceptedAt,
        title: "Proposal accepted: the merchant would like to switch",
        body: p.acceptedIp ? `From address ${p.acceptedIp}.` : null,
      });
  }
  return events.sort((a, b) => b.at.localeCompare(a.at));
}

export interface ProposalFunnel {
  since: string;
  sent: number;
  viewed: number;
  accepted: number;
}

/** Proposals sent, first viewed and accepted in the last 30 Arizona days (each on its own index). */
export async function proposalFunnel(db: DB, now = new Date()): Promise<ProposalFunnel> {
  const since = arizonaDayStart(addDays(arizonaDate(now), -29));
  const count = async (column: "created_at" | "first_viewed_at" | "accepted_at") => {
    const row = await db
      .selectFrom("proposals")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where(column, ">=", since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  };
  const [sent, viewed, accepted] = await Promise.all([
    count("created_at"),
    count("first_viewed_at"),
    count("accepted_at"),
  ]);
  return { since, sent, viewed, accepted };
}
