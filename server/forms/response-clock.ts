import { sql } from "kysely";
import { businessMinutesBetween, responseDeadline } from "@common/business-hours";
import { getConfig } from "../config";
import { contactSummary, setContactWaiting } from "../contacts/intake";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";
import { enqueueJob, kickJobs, registerJob } from "../jobs/jobs";
import { log } from "../logger";
import { escapeHtml, sendMail } from "../mail/mail";
import { getSiteSettings } from "../settings/settings";
import { emitEvent } from "../webhooks/deliveries";
import { getForm } from "./definitions";
import { staffAddress } from "./mail";

/**
 * The clock on every lead (decision 0048), the part server/forms keeps: a stored (or
 * restored) non-spam submission gets its response deadline (`responseTargetMinutes`
 * business minutes of the settings' opening hours, Arizona time), its contact's
 * `waiting_since` (through server/contacts/intake.ts) and one reminder job keyed per
 * submission that runs at the deadline. If nobody has answered by then, the contact's owner
 * (or the staff address) gets an e-mail and the `lead.first_response_overdue` webhook goes out.
 */
export const RESPONSE_OVERDUE_JOB = "submission.response_overdue";

const unanswered = (db: DB) =>
  db.selectFrom("submissions").where("spam", "=", sql.lit(false)).where("first_response_at", "is", null);

/** When the contact's oldest unanswered non-spam submission arrived (null: none waits). */
export async function oldestWaiting(db: DB, contactId: string): Promise<string | null> {
  const row = await unanswered(db)
    .select((eb) => eb.fn.min("created_at").as("since"))
    .where("contact_id", "=", contactId)
    .executeTakeFirst();
  return row?.since ? new Date(row.since).toISOString() : null;
}

/** Tells the contact when its oldest waiting submission arrived; call it wherever that may have changed. */
export async function refreshContactWaiting(trx: DB, contactId: string | null): Promise<void> {
  if (contactId) await setContactWaiting(trx, contactId, await oldestWaiting(trx, contactId));
}

/**
 * Starts the clock of a stored (or restored) non-spam submission, in the transaction that
 * stores (or restores) it: its deadline, its contact waiting, its reminder. A submission
 * answered before (spam, restored after staff had answered it) starts nothing; a second
 * start (restored again) queues no second reminder: the job's key is the submission.
 */
export async function startResponseClock(trx: DB, submissionId: string): Promise<void> {
  const s = await trx
    .selectFrom("submissions")
    .select(["contact_id", "created_at", "first_response_at", "spam"])
    .where("id", "=", submissionId)
    .executeTakeFirst();
  if (!s?.contact_id || s.first_response_at || s.spam) return;
  const settings = await getSiteSettings(trx);
  const due = responseDeadline(s.created_at, settings.responseTargetMinutes, settings.openingHours);
  await trx
    .updateTable("submissions")
    .set({ response_due_at: due.toISOString() })
    .where("id", "=", submissionId)
    .execute();
  await refreshContactWaiting(trx, s.contact_id);
  await enqueueJob(
    trx,
    RESPONSE_OVERDUE_JOB,
    { submissionId },
    { key: `${RESPONSE_OVERDUE_JOB}:${submissionId}`, runAt: due },
  );
}

const arizonaTime = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "America/Phoenix",
});

/**
 * The reminder of one submission, when its deadline has passed: nothing when it was answered
 * (or deleted, or marked as spam) meanwhile. The webhook event is committed with the mark
 * that the reminder went out (once, whichever worker runs it); the e-mail follows, and a
 * failed send throws so the job runner tries the e-mail again (the event is not repeated).
 */
export async function remindOverdue(db: DB, submissionId: string, now = new Date()): Promise<"sent" | "answered"> {
  const s = await db
    .selectFrom("submissions")
    .select(["id", "form_id", "contact_id", "created_at", "spam", "first_response_at", "overdue_reminded_at"])
    .where("id", "=", submissionId)
    .executeTakeFirst();
  if (!s?.contact_id || s.spam || s.first_response_at) return "answered";
  const [settings, contact, form] = await Promise.all([
    getSiteSettings(db),
    contactSummary(db, s.contact_id),
    getForm(db, s.form_id).catch(() => undefined),
  ]);
  if (!contact) return "answered";
  const waitingMinutes = businessMinutesBetween(s.created_at, now, settings.openingHours);
  const targetMinutes = settings.responseTargetMinutes;
  if (!s.overdue_reminded_at) {
    const first = await db.transaction().execute(async (trx) => {
      // Marked only while still unanswered and not reminded: one worker's update wins.
      const marked = await trx
        .updateTable("submissions")
        .set({ overdue_reminded_at: nowIso() })
        .where("id", "=", submissionId)
        .where("overdue_reminded_at", "is", null)
        .where("first_response_at", "is", null)
        .where("spam", "=", sql.lit(false))
        .returning("id")
        .executeTakeFirst();
      if (!marked) return false;
      await emitEvent(trx, "lead.first_response_overdue", {
        contactId: contact.id,
        name: contact.name,
        email: contact.email,
        businessName: contact.businessName || null,
        submissionId,
        submittedAt: new Date(s.created_at).toISOString(),
        waitingMinutes,
        targetMinutes,
        ownerEmail: contact.owner?.email ?? null,
      });
      return true;
    });
    if (!first) return "answered";
    kickJobs();
  }
  const to = contact.owner?.email ?? (await staffAddress(db));
  const who = contact.businessName ? `${contact.name} (${contact.businessName})` : contact.name || contact.email;
  const url = `${getConfig().siteUrl}/admin/contacts/${encodeURIComponent(contact.id)}`;
  const sent = arizonaTime.format(new Date(s.created_at));
  const lines = [
    `${who} sent ${form ? `the ${form.name} form` : "a form"} on ${sent} (Arizona time) and has had no answer yet.`,
    `Waiting: ${waitingMinutes} business minutes (target ${targetMinutes}).`,
    "",
    "Call or write to them, then add a note, change the status or log the call on the contact:",
    url,
  ];
  await sendMail({
    to,
    subject: `Waiting for a first response: ${who}`.replace(/[\r\n]+/g, " ").slice(0, 180),
    text: lines.join("\n"),
    html:
      `<p>${escapeHtml(lines[0]!)}</p><p>${escapeHtml(lines[1]!)}</p>` +
      `<p>Call or write to them, then add a note, change the status or log the call on <a href="${escapeHtml(url)}">the contact</a>.</p>`,
    replyTo: contact.email || undefined,
  });
  log.info("first response overdue: reminder sent", { submissionId, toOwner: Boolean(contact.owner) });
  return "sent";
}

/** Registers the reminder job with the runner (each instance, at start). */
export function registerResponseClockJobs(): void {
  const { submissionNotify } = getConfig();
  registerJob<{ submissionId: string }>(
    RESPONSE_OVERDUE_JOB,
    async ({ submissionId }, job) => {
      await remindOverdue(job.db, submissionId);
    },
    { maxAttempts: submissionNotify.maxAttempts, backoffMs: submissionNotify.retryMs },
  );
}
