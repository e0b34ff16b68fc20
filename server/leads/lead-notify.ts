import type { Answer } from "@common/forms";
import { paymentMethodLabel, volumeLabel } from "@common/lead";
import { getConfig } from "../config";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";
import { FREE_ANALYSIS_CORE_KEYS } from "../forms/free-analysis";
import { answerRows, buildFormMail, notificationRecipients, submissionAdminUrl } from "../forms/mail";
import { SUBMISSION_NOTIFY_JOB } from "../forms/notify";
import { registerJob } from "../jobs/jobs";
import { log } from "../logger";
import { escapeHtml, sendMail } from "../mail/mail";

/**
 * The staff e-mail of a submission (every form): claimed, sent and recorded on the row by
 * `notifyStaffOfLead`, run as a job enqueued in the submission's transaction, retried with
 * backoff, and sent once however many instances run the jobs. A Free Analysis request gets
 * its own mail (the lead's columns, statements, earlier requests); other forms get
 * server/forms/mail.ts's.
 */

export interface NotifyOptions {
  maxAttempts: number;
  /** Base backoff: attempt n+1 waits baseMs * 2^(n-1) after attempt n. */
  baseMs: number;
  now?: number;
}

function notifyOptions(): NotifyOptions {
  const config = getConfig();
  return { maxAttempts: config.leadNotifyMaxAttempts, baseMs: config.leadNotifyRetryMs };
}

/**
 * How long an attempt may be in flight ("sending") before another worker may take over: the
 * job runner's lease, after which it runs the job of a worker that died mid-send again.
 */
export const NOTIFY_SENDING_LEASE_MS = 5 * 60 * 1000;

/**
 * Sends the staff e-mail for one submission. The attempt is claimed first (attempts + 1 and
 * "sending", guarded on the old count and on no attempt in flight) so two workers never send
 * the same notification twice, even while one of them is still talking to the mail server.
 * Never throws: failures are recorded on the row and logged. Spam, already-sent ones and one
 * another worker is sending are skipped.
 */
export async function notifyStaffOfLead(
  db: DB,
  submissionId: string,
  options: NotifyOptions = notifyOptions(),
): Promise<"sent" | "failed" | "skipped"> {
  try {
    const row = await db
      .selectFrom("lead_submissions")
      .select(["notify_attempts", "notified_at", "spam"])
      .where("id", "=", submissionId)
      .executeTakeFirst();
    if (!row || row.notified_at || Boolean(row.spam) || row.notify_attempts >= options.maxAttempts) return "skipped";
    const attempt = row.notify_attempts + 1;
    const stale = new Date(Date.now() - NOTIFY_SENDING_LEASE_MS).toISOString();
    const claimed = await db
      .updateTable("lead_submissions")
      .set({ notify_attempts: attempt, notify_last_attempt_at: nowIso(), notify_status: "sending" })
      .where("id", "=", submissionId)
      .where("notify_attempts", "=", row.notify_attempts)
      .where("notified_at", "is", null)
      .where((eb) =>
        eb.or([
          eb("notify_status", "!=", "sending"),
          eb("notify_last_attempt_at", "is", null),
          eb("notify_last_attempt_at", "<", stale),
        ]),
      )
      .returning("id")
      .executeTakeFirst();
    if (!claimed) return "skipped";

    try {
      const mail = await buildLeadMail(db, submissionId);
      await sendMail(mail);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const gaveUp = attempt >= options.maxAttempts;
      await db
        .updateTable("lead_submissions")
        .set({ notify_status: gaveUp ? "failed" : "retrying", notify_error: message.slice(0, 1000) })
        .where("id", "=", submissionId)
        .execute();
      log.error(gaveUp ? "lead notification failed; giving up" : "lead notification failed; will retry", {
        submissionId,
        attempt,
        err,
      });
      return "failed";
    }
    await db
      .updateTable("lead_submissions")
      .set({ notify_status: "sent", notified_at: nowIso(), notify_error: null })
      .where("id", "=", submissionId)
      .execute();
    return "sent";
  } catch (err) {
    log.error("lead notification could not be recorded", { submissionId, err });
    return "failed";
  }
}

/** The job that sends a submission's staff e-mail (every form): retried with backoff, run once across instances. */
export const LEAD_NOTIFY_JOB = SUBMISSION_NOTIFY_JOB;

export function registerLeadJobs(): void {
  const options = notifyOptions();
  registerJob<{ submissionId: string }>(
    LEAD_NOTIFY_JOB,
    async ({ submissionId }, job) => {
      // The runner's database: each instance (or test worker) claims and sends on its own.
      const result = await notifyStaffOfLead(job.db, submissionId, options);
      if (result === "failed") throw new Error("The staff e-mail could not be sent (see the submission).");
    },
    { maxAttempts: options.maxAttempts, backoffMs: options.baseMs },
  );
}

async function buildLeadMail(db: DB, submissionId: string) {
  const s = await db
    .selectFrom("lead_submissions")
    .selectAll()
    .where("id", "=", submissionId)
    .executeTakeFirstOrThrow();
  if (s.source === "form" && s.form_id) return buildFormMail(db, { ...s, form_id: s.form_id });
  const statements = await db
    .selectFrom("lead_statements")
    .select(["original_filename", "detected_type", "size_bytes"])
    .where("submission_id", "=", submissionId)
    .execute();
  const contact = await db
    .selectFrom("contacts")
    .select(["submission_count"])
    .where("id", "=", s.contact_id ?? "")
    .executeTakeFirst();
  const to = (await notificationRecipients(db, s.form_id)).join(", ");
  // Fields staff added to the Free Analysis form.
  const extras = (s.answers ? (JSON.parse(s.answers) as Answer[]) : []).filter(
    (a) => !FREE_ANALYSIS_CORE_KEYS.includes(a.key),
  );

  const methods = (JSON.parse(s.payment_methods) as string[]).map(paymentMethodLabel).join("; ");
  const calc = s.calculator_inputs ? (JSON.parse(s.calculator_inputs) as Record<string, number | null>) : null;
  const rows: Array<[string, string]> = [
    ["Name", s.name],
    ["Business", s.business_name],
    ["E-mail", s.email],
    ["Phone", s.phone],
    ["Website", s.website ?? "—"],
    ["Monthly card volume", volumeLabel(s.monthly_volume)],
    ["Average ticket", s.average_ticket_cents === null ? "—" : `$${(s.average_ticket_cents / 100).toFixed(2)}`],
    ["Current processor", s.current_processor ?? "—"],
    ["Takes payments", methods],
    ["Source", s.source === "calculator" ? "Savings calculator → contact form" : "Contact form"],
  ];
  if (calc) {
    rows.push([
      "Calculator figures",
      `volume ${calc.volume ?? "—"}, transactions ${calc.transactions ?? "—"}, monthly fees ${calc.fees ?? "—"}`,
    ]);
  }
  rows.push([
    "Statement",
    statements.length
      ? statements
          .map(
            (f) =>
              `uploaded: ${f.original_filename} (${f.detected_type.toUpperCase()}, ${Math.max(1, Math.round(f.size_bytes / 1024))} KB) — open it in the admin Leads area`,
          )
          .join("; ")
      : s.statement_note
        ? `NOT STORED: ${s.statement_note}`
        : "none uploaded",
  ]);
  rows.push([
    "Previous requests",
    contact && contact.submission_count > 1 ? `${contact.submission_count - 1} earlier` : "first request",
  ]);
  rows.push(...answerRows(extras));
  rows.push(["Received", s.created_at]);
  const link = s.form_id ? submissionAdminUrl(s.form_id, s.id) : undefined;

  const message = s.message ?? "";
  const text =
    `New Free Analysis request from ${s.name} (${s.business_name}).\n\n` +
    rows.map(([k, v]) => `${k}: ${v}`).join("\n") +
    (message ? `\n\nMessage:\n${message}\n` : "\n") +
    (link ? `\nOpen it in the admin: ${link}\n` : "") +
    `\nPlease reply within one business day. Reply to this e-mail to answer ${s.name} directly.\n`;
  const html =
    `<p>New Free Analysis request from <strong>${escapeHtml(s.name)}</strong> (${escapeHtml(s.business_name)}).</p>` +
    `<table cellpadding="4">${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join("")}</table>` +
    (message ? `<p><strong>Message</strong></p><p>${escapeHtml(message).replace(/\n/g, "<br>")}</p>` : "") +
    (link ? `<p><a href="${escapeHtml(link)}">Open it in the admin</a></p>` : "") +
    `<p>Please reply within one business day.</p>`;
  const subject = `New Free Analysis request: ${s.business_name}`.replace(/[\r\n]+/g, " ").slice(0, 180);
  return { to, subject, text, html, replyTo: s.email };
}
