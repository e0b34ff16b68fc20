import type { WebhookEventData } from "@common/webhooks";
import type { DB } from "../db";
import { emitEvent } from "../webhooks/deliveries";

/**
 * The one place proposals raise their events for webhooks (decision 0043): called inside the
 * transaction that sends or accepts a proposal, so a change rolled back sends nothing; the
 * caller kicks the job runner after the commit. The payload holds ids, who the merchant is
 * and the figures, never the proposal's link.
 */
export type ProposalEvent = "proposal.sent" | "proposal.accepted";

export interface ProposalEventPayload {
  proposalId: string;
  contactId: string;
  monthlySavingsCents: number;
  annualSavingsCents: number;
  at: string;
}

export async function emitProposalEvent(db: DB, event: ProposalEvent, payload: ProposalEventPayload): Promise<void> {
  const contact = await db
    .selectFrom("contacts")
    .select(["name", "email", "business_name"])
    .where("id", "=", payload.contactId)
    .executeTakeFirst();
  const data: WebhookEventData[ProposalEvent] = {
    ...payload,
    name: contact?.name ?? "",
    email: contact?.email ?? "",
    businessName: contact?.business_name || null,
  };
  await emitEvent(db, event, data, { at: new Date(payload.at) });
}
