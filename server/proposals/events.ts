import type { DB } from "../db";
import { log } from "../logger";

/**
 * The one place proposals raise their events for webhooks (decision 0043). The webhooks
 * area (`server/webhooks`, `emitEvent(db, event, payload)`) is not on main yet; when it
 * lands, this function calls it instead of logging, and nothing else changes. It runs after
 * the change is committed; the payload holds ids and figures, never the proposal's link.
 */
export type ProposalEvent = "proposal.sent" | "proposal.accepted";

export interface ProposalEventPayload {
  proposalId: string;
  contactId: string;
  monthlySavingsCents: number;
  annualSavingsCents: number;
  at: string;
}

export async function emitProposalEvent(_db: DB, event: ProposalEvent, payload: ProposalEventPayload): Promise<void> {
  log.info("proposal event", { event, ...payload });
}
