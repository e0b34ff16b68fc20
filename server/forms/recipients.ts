import { ServiceError } from "@common/result";
import { getConfig } from "../config";
import type { DB } from "../db";
import { log } from "../logger";
import { escapeHtml, sendMail } from "../mail/mail";
import type { Actor } from "../auth/actor";
import { listUsers } from "../users/users";

/*
 * Where a form's submissions are e-mailed: every future lead goes there, so changing it is an
 * administrator's decision (the "form-recipients" permission), the audit row keeps the list
 * before and after, and every active administrator is told by e-mail.
 */

export const RECIPIENTS_ADMIN_ONLY =
  "Only an administrator can change where this form's submissions are e-mailed. Ask an administrator, or leave the Notify list as it was.";

const normal = (list: readonly string[]) => [...new Set(list.map((r) => r.trim().toLowerCase()))].sort();

/** Whether two recipient lists differ (case and order aside). */
export function recipientsChanged(before: readonly string[], after: readonly string[]): boolean {
  return normal(before).join("\n") !== normal(after).join("\n");
}

/** Refuses (403) a change of recipients by someone without the permission; no change passes. */
export function assertMayChangeRecipients(before: readonly string[], after: readonly string[], allowed: boolean): void {
  if (!allowed && recipientsChanged(before, after)) throw new ServiceError("forbidden", RECIPIENTS_ADMIN_ONLY);
}

/**
 * E-mails every active administrator that a form's recipients changed (after the commit; a
 * failure is logged, the audit row already holds the change).
 */
export async function mailAdminsRecipientsChanged(
  db: DB,
  actor: Actor,
  form: { id: string; name: string },
  before: readonly string[],
  after: readonly string[],
): Promise<void> {
  const admins = (await listUsers(db)).filter((u) => u.role === "admin" && !u.disabled && u.hasPassword);
  const list = (l: readonly string[]) => (l.length ? l.join(", ") : "(none: the staff address in the settings)");
  const url = `${getConfig().siteUrl}/admin/forms/${form.id}`;
  const subject = `Form “${form.name}”: submissions now e-mailed to ${after.length ? after.join(", ") : "the staff address"}`;
  const lines = [
    `${actor.email} changed where the form “${form.name}” e-mails its submissions.`,
    "",
    `Before: ${list(before)}`,
    `Now:    ${list(after)}`,
    "",
    `If this was not expected, check the form: ${url}`,
  ];
  const html = `<p>${escapeHtml(lines[0]!)}</p><p>Before: ${escapeHtml(list(before))}<br>Now: ${escapeHtml(
    list(after),
  )}</p><p>If this was not expected, <a href="${escapeHtml(url)}">check the form</a>.</p>`;
  for (const admin of admins) {
    await sendMail({ to: admin.email, subject, text: lines.join("\n"), html }).catch((err: unknown) =>
      log.error("form recipients change mail not sent", { err, formId: form.id, to: admin.email }),
    );
  }
}
