import { CONTACT_STATUS_LABELS } from "@common/contacts";
import { formatCents } from "@common/proposal-math";
import type { WebhookDeliveryEvent, WebhookEventData, WebhookLeadSummary } from "@common/webhooks";

/**
 * The Slack-compatible body (`{ "text": ... }`, for a Slack incoming-webhook URL): one
 * sentence per event, with a link to the admin. Slack's mrkdwn: `<url|label>`, and & < >
 * escaped in what visitors typed.
 */
const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const who = (lead: WebhookLeadSummary) =>
  escape(lead.businessName ? `${lead.name} (${lead.businessName})` : lead.name) +
  ` <mailto:${escape(lead.email)}|${escape(lead.email)}>`;

const contactLink = (siteUrl: string, lead: WebhookLeadSummary) =>
  lead.contactId ? ` <${siteUrl}/admin/contacts/${encodeURIComponent(lead.contactId)}|Open the contact>` : "";

const sentences: { [E in WebhookDeliveryEvent]: (data: WebhookEventData[E], siteUrl: string) => string } = {
  "submission.received": (data, siteUrl) =>
    `New ${escape(data.formName)} submission from ${who(data)}.` +
    ` <${siteUrl}/admin/forms/${encodeURIComponent(data.formId)}/submissions/${encodeURIComponent(data.submissionId)}|Open it>`,
  "contact.status_changed": (data, siteUrl) =>
    `${who(data)} moved from ${CONTACT_STATUS_LABELS[data.from]} to ${CONTACT_STATUS_LABELS[data.to]}` +
    (data.changedBy ? ` by ${escape(data.changedBy)}` : "") +
    `.${contactLink(siteUrl, data)}`,
  "lead.first_response_overdue": (data, siteUrl) =>
    `${who(data)} has waited ${data.waitingMinutes} business minutes for a first response (target ${data.targetMinutes}).` +
    contactLink(siteUrl, data),
  "proposal.sent": (data, siteUrl) =>
    `Proposal sent to ${who(data)}: ${formatCents(data.monthlySavingsCents)} a month, ${formatCents(data.annualSavingsCents)} a year.` +
    contactLink(siteUrl, data),
  "proposal.accepted": (data, siteUrl) =>
    `${who(data)} accepted their proposal (${formatCents(data.annualSavingsCents)} a year).` +
    contactLink(siteUrl, data),
  "webhook.test": (data) =>
    `Test event from the Meritum website to “${escape(data.endpointName)}”: ${escape(data.message)}`,
};

export function slackText<E extends WebhookDeliveryEvent>(
  event: E,
  data: WebhookEventData[E],
  siteUrl: string,
): string {
  return sentences[event](data, siteUrl);
}
