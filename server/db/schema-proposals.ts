import type { Generated } from "kysely";
import type { ProposalState } from "@common/proposals";

export type { ProposalState };

/**
 * The tables of server/proposals (decision 0043, migration 0055), beside schema.ts so that
 * file stays readable; `Database` in schema.ts lists them with the others.
 */

/** Meritum's pricing for proposals (one row, id 1; server/proposals). */
export interface ProposalPricingTable {
  id: number;
  value: string; // JSON Pricing
  updated_at: string;
  updated_by: string | null;
}

/** One save of a contact's statement review worksheet (server/proposals). */
export interface StatementReviewsTable {
  id: string;
  contact_id: string;
  statement_id: string | null;
  statement_month: string;
  volume_cents: number;
  transactions: number;
  fees_cents: number;
  input: string; // JSON
  pricing: string; // JSON Pricing
  figures: string; // JSON ProposalFigures
  annual_savings_cents: number;
  created_by: string | null;
  created_by_name: string | null;
  created_at: string;
}

/** A proposal sent to a contact: its link is stored as a SHA-256 digest only (server/proposals). */
export interface ProposalsTable {
  id: string;
  contact_id: string;
  review_id: string;
  token_digest: string;
  snapshot: string; // JSON ProposalSnapshot
  monthly_savings_cents: number;
  annual_savings_cents: number;
  no_saving_confirmed: boolean | number;
  sent_to: string;
  sent_by: string | null;
  sent_by_name: string | null;
  created_at: string;
  expires_at: string;
  superseded_at: string | null;
  superseded_by: string | null;
  first_viewed_at: string | null;
  last_viewed_at: string | null;
  view_count: Generated<number>;
  accepted_at: string | null;
  accepted_ip: string | null;
}

/** The proposals tables, as `Database` (schema.ts) includes them. */
export interface ProposalTables {
  proposal_pricing: ProposalPricingTable;
  statement_reviews: StatementReviewsTable;
  proposals: ProposalsTable;
}
