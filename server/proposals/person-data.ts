import type { Selectable } from "kysely";
import type { DB } from "../db";
import type { ProposalsTable, StatementReviewsTable } from "../db/schema-proposals";

/**
 * A person's statement reviews and proposals, for a privacy request (server/privacy): read to
 * show and export them, erased with the rest. The proposal's token digest stays out of the
 * export (it opens the merchant's page).
 */

export type PersonProposal = Omit<Selectable<ProposalsTable>, "token_digest">;

export async function personProposals(
  db: DB,
  contactIds: readonly string[],
): Promise<{ reviews: Selectable<StatementReviewsTable>[]; proposals: PersonProposal[] }> {
  if (!contactIds.length) return { reviews: [], proposals: [] };
  const [reviews, proposals] = await Promise.all([
    db
      .selectFrom("statement_reviews")
      .selectAll()
      .where("contact_id", "in", contactIds)
      .orderBy("created_at")
      .execute(),
    db.selectFrom("proposals").selectAll().where("contact_id", "in", contactIds).orderBy("created_at").execute(),
  ]);
  return { reviews, proposals: proposals.map(({ token_digest: _digest, ...rest }) => rest) };
}

/** Deletes the contacts' proposals and reviews (proposals first: they name their review), in the caller's transaction. */
export async function eraseProposals(trx: DB, contactIds: readonly string[]): Promise<void> {
  if (!contactIds.length) return;
  await trx.deleteFrom("proposals").where("contact_id", "in", contactIds).execute();
  await trx.deleteFrom("statement_reviews").where("contact_id", "in", contactIds).execute();
}
