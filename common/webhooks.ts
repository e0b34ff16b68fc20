import * as z from "zod/mini";
import type { ContactStatus } from "./contacts";
import { WEBHOOK_LIMITS as L } from "./limits";
import { requiredText } from "./text";

/**
 * Outgoing webhooks (/admin/integrations, server/webhooks): the events an endpoint can
 * subscribe to, what each event's `data` holds, and the endpoint schemas.
 *
 * A new event is one entry in WEBHOOK_EVENTS, one line in WebhookEventData, and its Slack
 * sentence in server/webhooks/slack.ts (the compiler asks for it); a domain then calls
 * `emitEvent(trx, "its.event", data)` inside the transaction that makes it happen.
 */
export const WEBHOOK_EVENTS = [
  {
    type: "submission.received",
    label: "Submission received",
    description: "A form was sent to the site (not held as spam).",
  },
  {
    type: "contact.status_changed",
    label: "Contact status changed",
    description: "Staff moved a contact to another pipeline status.",
  },
  {
    type: "lead.first_response_overdue",
    label: "First response overdue",
    description: "A lead waited past the response target without a staff response.",
  },
  {
    type: "proposal.sent",
    label: "Proposal sent",
    description: "Staff sent a merchant a savings proposal.",
  },
  {
    type: "proposal.accepted",
    label: "Proposal accepted",
    description: "A merchant chose “I’d like to switch” on their proposal.",
  },
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number]["type"];
export const WEBHOOK_EVENT_TYPES = WEBHOOK_EVENTS.map((event) => event.type) as [
  WebhookEventType,
  ...WebhookEventType[],
];

/** Sent by "Send test event" to one endpoint, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = "webhook.test";
export type WebhookDeliveryEvent = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

/** Who a lead is, as events about one carry it (an admin link is built from the ids). */
export interface WebhookLeadSummary {
  contactId: string | null;
  name: string;
  email: string;
  businessName: string | null;
}

/** The `data` of each event (the body is `{ type, timestamp, data }`). */
export interface WebhookEventData {
  "submission.received": WebhookLeadSummary & { submissionId: string; formId: string; formName: string };
  "contact.status_changed": WebhookLeadSummary & {
    from: ContactStatus;
    to: ContactStatus;
    /** The staff member's e-mail, or null for an automatic change. */
    changedBy: string | null;
  };
  "lead.first_response_overdue": WebhookLeadSummary & {
    submissionId: string;
    submittedAt: string;
    /** Business minutes waited so far (common/business-hours.ts) and the target from the settings. */
    waitingMinutes: number;
    targetMinutes: number;
    ownerEmail: string | null;
  };
  "proposal.sent": WebhookProposalSummary;
  "proposal.accepted": WebhookProposalSummary;
  "webhook.test": { message: string; endpointName: string };
}

/** A proposal event: who, which proposal, its savings in cents, and when (never the merchant's link). */
export type WebhookProposalSummary = Omit<WebhookLeadSummary, "contactId"> & {
  contactId: string;
  proposalId: string;
  monthlySavingsCents: number;
  annualSavingsCents: number;
  at: string;
};

export const WEBHOOK_FORMATS = ["standard", "slack"] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];
export const WEBHOOK_FORMAT_LABELS: Record<WebhookFormat, string> = {
  standard: "JSON (Standard Webhooks)",
  slack: "Slack incoming webhook",
};

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "retrying", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** http(s) and well formed; whether plain http and the address are allowed is the server's check. */
const urlSchema = z.string({ error: "Enter the webhook's URL." }).check(
  z.trim(),
  z.minLength(1, "Enter the webhook's URL."),
  z.maxLength(L.url, `The URL must be ${L.url} characters or fewer.`),
  z.refine(
    (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
    "Enter a full URL starting with https://.",
  ),
);

export const webhookEndpointSchema = z.object({
  name: requiredText("a name", L.name),
  url: urlSchema,
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: "Choose events from the list." }), {
      error: "Choose at least one event.",
    })
    .check(z.minLength(1, "Choose at least one event.")),
  format: z.enum(WEBHOOK_FORMATS, { error: "Choose JSON or Slack." }),
  active: z.boolean({ error: "Say whether the webhook is on." }),
});
export type WebhookEndpointInput = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointPatchSchema = z.partial(webhookEndpointSchema);

/** The delivery log's query string: `?endpoint=<id>&page=`. */
export const webhookDeliveriesQuerySchema = z.object({
  endpoint: z.pipe(
    z.optional(z.string().check(z.maxLength(36))),
    z.transform((value) => value || undefined),
  ),
  page: z.catch(z.pipe(z.coerce.number(), z.int().check(z.minimum(1))), 1),
});
