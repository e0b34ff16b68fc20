import { answerText, type Answer } from "@common/forms";
import { getConfig } from "../config";
import type { DB } from "../db";
import { escapeHtml } from "../mail/mail";
import { getSiteSettings } from "../settings/settings";
import { getForm } from "./definitions";

/**
 * The staff e-mail for a submission: to the form's recipients (the staff address when it
 * has none), the subject names the business, the body lists every answer and links to the
 * submission in the admin. An attached file is named, never attached.
 */

/** The admin page of a submission. */
export function submissionAdminUrl(formId: string, submissionId: string): string {
  return `${getConfig().siteUrl}/admin/forms/${formId}/submissions/${submissionId}`;
}

export async function notificationRecipients(db: DB, formId: string | null): Promise<string[]> {
  const form = formId ? await getForm(db, formId).catch(() => undefined) : undefined;
  if (form?.recipients.length) return form.recipients;
  const fallback = getConfig().staffNotifyEmail ?? (await getSiteSettings(db)).email;
  return [fallback];
}

export function answerRows(answers: Answer[]): Array<[string, string]> {
  return answers.map((a) => {
    if (a.type === "file")
      return [a.label, a.value ? `attached: ${answerText(a)} (open it in the admin)` : "none attached"];
    return [a.label, answerText(a) || "—"];
  });
}

export async function buildFormMail(
  db: DB,
  submission: {
    id: string;
    form_id: string;
    answers: string | null;
    statement_note: string | null;
    business_name: string;
    name: string;
    email: string;
    created_at: string;
  },
) {
  const form = await getForm(db, submission.form_id);
  const answers = submission.answers ? (JSON.parse(submission.answers) as Answer[]) : [];
  const rows = answerRows(answers);
  if (submission.statement_note) rows.push(["File not stored", submission.statement_note]);
  rows.push(["Received", submission.created_at]);
  const who = submission.business_name || submission.name || submission.email;
  const link = submissionAdminUrl(form.id, submission.id);
  const text =
    `New submission of the form “${form.name}” from ${who}.\n\n` +
    rows.map(([k, v]) => `${k}: ${v}`).join("\n") +
    `\n\nOpen it in the admin: ${link}\n`;
  const html =
    `<p>New submission of the form “${escapeHtml(form.name)}” from <strong>${escapeHtml(who)}</strong>.</p>` +
    `<table cellpadding="4">${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v).replace(/\n/g, "<br>")}</td></tr>`).join("")}</table>` +
    `<p><a href="${escapeHtml(link)}">Open it in the admin</a></p>`;
  const subject = `New ${form.name} submission: ${who}`.replace(/[\r\n]+/g, " ").slice(0, 180);
  return {
    to: (await notificationRecipients(db, form.id)).join(", "),
    subject,
    text,
    html,
    replyTo: submission.email || undefined,
  };
}
