import { DEFAULT_PRICING, pricingFromInput, pricingInputSchema } from "@common/proposals";
import type { Pricing } from "@common/proposal-math";
import { parseInput } from "@common/result";
import { writeAudit } from "../audit/audit";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";
import type { Actor } from "../auth/actor";

/**
 * Meritum's pricing for proposals (admins only, /admin/pricing): markup, per-transaction and
 * monthly fee, and the estimated pass-through per card channel. One row; until an admin
 * saves, the defaults of decision 0043 apply.
 */

export interface PricingRecord {
  pricing: Pricing;
  updatedAt: string | null;
  /** False until an admin has saved the pricing once. */
  saved: boolean;
}

export async function getPricing(db: DB): Promise<PricingRecord> {
  const row = await db.selectFrom("proposal_pricing").selectAll().where("id", "=", 1).executeTakeFirst();
  if (!row) return { pricing: DEFAULT_PRICING, updatedAt: null, saved: false };
  return { pricing: JSON.parse(row.value) as Pricing, updatedAt: row.updated_at, saved: true };
}

export async function updatePricing(db: DB, actor: Actor, input: unknown): Promise<PricingRecord> {
  const pricing = pricingFromInput(parseInput(pricingInputSchema, input));
  const before = await getPricing(db);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("proposal_pricing")
      .values({ id: 1, value: JSON.stringify(pricing), updated_at: now, updated_by: actor.id })
      .onConflict((oc) =>
        oc.column("id").doUpdateSet({ value: JSON.stringify(pricing), updated_at: now, updated_by: actor.id }),
      )
      .execute();
    await writeAudit(trx, {
      action: "proposal.pricing_changed",
      actorId: actor.id,
      actorEmail: actor.email,
      ip: actor.ip ?? null,
      userAgent: actor.userAgent ?? null,
      details: { from: before.pricing, to: pricing },
    });
  });
  return { pricing, updatedAt: now, saved: true };
}
