import { contactSourceOf, sourceLabel } from "@common/contacts";
import { answerText, FREE_ANALYSIS_SYSTEM_KEY, type Answer } from "@common/forms";
import { fileTypeLabel } from "@common/lead";
import { getConfig } from "../config";
import { contactSummary } from "../contacts/intake";
import type { DB } from "../db";
import { escapeHtml } from "../mail/mail";
import { getSiteSettings } from "../settings/settings";
import { getForm } from "./definitions";

/**
 * The staff e-mail for a submission (every form): to the form's recipients (the staff address
 * when it has none), the subject names the business, the body lists every answer, how the
 * visitor came, whether they asked before, and links to the submission in the admin. An
 * attached file is named, never attached. Replying answers the visitor.
 */

/** The admin page of a submission. */
export function submissionAdminUrl(formId: string, submissionId: string): string {
  return `${getConfig().siteUrl}/admin/forms/${formId}/submissions/${submissionId}`;
}

/** The staff notification address: STAFF_NOTIFY_EMAIL, or the site's e-mail in the settings. */
export async function staffAddress(db: DB): Promise<string> {
  return getConfig().staffNotifyEmail ?? (await getSiteSettings(db)).email;
}

export async function notificationRecipients(db: DB, formId: string): Promise<string[]> {
  const form = await getForm(db, formId).catch(() => undefined);
  if (form?.recipients.length) return form.recipients;
  return [await staffAddress(db)];
}

export function answerRows(answers: Answer[]): Array<[string, string]> {
  return answers.map((a) => {
    if (a.type !== "file") return [a.label, answerText(a) || "—"];
    if (!a.value || typeof a.value !== "object" || Array.isArray(a.value)) return [a.label, "none attached"];
    const kb = Math.max(1, Math.round(a.value.size / 1024));
    return [
      a.label,
      `uploaded: ${a.value.filename} (${fileTypeLabel(a.value.mimeType)}, ${kb} KB), open it in the admin`,
    ];
  });
}

export async function buildSubmissionMail(db: DB, submissionId: string) {
  const s = await db.selectFrom("submissions").selectAll().where("id", "=", submissionId).executeTakeFirstOrThrow();
  const form = await getForm(db, s.form_id);
  const contact = s.contact_id ? await contactSummary(db, s.contact_id) : undefined;
  const rows = answerRows(JSON.parse(s.answers) as Answer[]);
  if (s.file_note) rows.push(["File not stored", s.file_note]);
  rows.push(["Source", sourceLabel(contactSourceOf(form.slug, s.source))]);
  rows.push([
    "Previous requests",
    contact && contact.submissions > 1 ? `${contact.submissions - 1} earlier` : "first request",
  ]);
  rows.push(["Received", s.created_at]);
  const who = s.business_name || s.name || s.email;
  const from = s.name && s.business_name ? `${s.name} (${s.business_name})` : who;
  // The Free Analysis form's e-mails have always said "request"; staff filter on it.
  const noun = form.systemKey === FREE_ANALYSIS_SYSTEM_KEY ? "request" : "submission";
  const link = submissionAdminUrl(form.id, s.id);
  const reply = s.email
    ? `\nPlease reply within one business day. Reply to this e-mail to answer ${s.name || s.email} directly.\n`
    : "";
  const text =
    `New ${form.name} ${noun} from ${from}.\n\n` +
    rows.map(([k, v]) => `${k}: ${v}`).join("\n") +
    `\n\nOpen it in the admin: ${link}\n` +
    reply;
  const html =
    `<p>New ${escapeHtml(form.name)} ${noun} from <strong>${escapeHtml(from)}</strong>.</p>` +
    `<table cellpadding="4">${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v).replace(/\n/g, "<br>")}</td></tr>`).join("")}</table>` +
    `<p><a href="${escapeHtml(link)}">Open it in the admin</a></p>` +
    (s.email ? `<p>Please reply within one business day.</p>` : "");
  const subject = `New ${form.name} ${noun}: ${who}`.replace(/[\r\n]+/g, " ").slice(0, 180);
  return {
    to: (await notificationRecipients(db, form.id)).join(", "),
    subject,
    text,
    html,
    replyTo: s.email || undefined,
  };
}
