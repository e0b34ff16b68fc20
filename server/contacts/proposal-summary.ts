import type { ProposalState } from "@common/proposals";
import type { DB } from "../db";

/**
 * The proposal columns of a contact (the list filters and sorts by them): where its proposal
 * stands and the estimated annual saving of its latest statement review. server/proposals
 * computes them and calls this; contacts stays the only writer of `contacts` (decision 0043).
 */
export async function setContactProposalSummary(
  db: DB,
  contactId: string,
  summary: { state: ProposalState | null; annualSavingsCents: number | null },
): Promise<void> {
  await db
    .updateTable("contacts")
    .set({ proposal_state: summary.state, proposal_annual_savings_cents: summary.annualSavingsCents })
    .where("id", "=", contactId)
    .execute();
}
