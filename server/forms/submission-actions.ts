import crypto from "node:crypto";
import { contactSourceOf } from "@common/contacts";
import type { Answer } from "@common/forms";
import { profileFromAnswers } from "@common/lead-profile";
import { ServiceError } from "@common/result";
import { writeAudit } from "../audit/audit";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";
import { deleteStoredFiles } from "../files/files";
import { kickJobs } from "../jobs/jobs";
import type { Actor } from "../auth/actor";
import { getForm } from "./definitions";
import { submissionHook } from "./submission-hooks";
import { submissionRow } from "./inbox";
import { emitEvent } from "../webhooks/deliveries";
import { enqueueSubmissionNotification } from "./notify";
import { enqueueAutoReply } from "./auto-reply";
import { refreshContactWaiting, startResponseClock } from "./response-clock";
import { linkSubmission, unlinkSubmission } from "../contacts/intake";

/**
 * What staff do to one submission: read/unread, spam/not spam (restoring a held one makes or
 * links its contact through server/contacts, or runs its system form's hook, and sends its
 * notification), send the
 * notification again, delete it with its files. Every change is audited without the
 * visitor's personal data.
 */

const auditFrom = (actor: Actor) => ({
  actorId: actor.id,
  actorEmail: actor.email,
  ip: actor.ip ?? null,
  userAgent: actor.userAgent ?? null,
});

export async function setRead(db: DB, actor: Actor, formId: string, id: string, read: boolean) {
  await submissionRow(db, formId, id);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("submissions")
      .set({ read_at: read ? nowIso() : null })
      .where("id", "=", id)
      .execute();
    await writeAudit(trx, {
      action: read ? "submission.read" : "submission.unread",
      ...auditFrom(actor),
      target: id,
      details: { formId },
    });
  });
}

/**
 * Spam or not. Restoring one that was held (never let through: no contact, no e-mail yet)
 * does now what storing it would have done: makes or links its contact and sends the
 * notification it never had; a system form outside the sales side (a privacy request) runs
 * its hook instead (its request and confirmation e-mail) and makes no contact.
 */
export async function setSpam(db: DB, actor: Actor, formId: string, id: string, spam: boolean) {
  const s = await submissionRow(db, formId, id);
  if (Boolean(s.spam) === spam) return { notified: false };
  let notify = false;
  // Read before the transaction: SQLite has one connection, which the transaction holds.
  const form = await getForm(db, formId);
  const hook = submissionHook(form);
  const held = !spam && s.notify_status === "held";
  // Its answers as held: the contact's profile (or the hook's request) is read from them.
  const answers = JSON.parse(s.answers) as Answer[];
  await db.transaction().execute(async (trx) => {
    let contactId = s.contact_id;
    const makesContact = !spam && !contactId && hook?.lead !== false;
    const runsHook = held && hook !== undefined;
    if ((makesContact || runsHook) && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.email))
      throw new ServiceError(
        "conflict",
        makesContact
          ? "This submission has no valid e-mail address, so no contact can be made from it. Delete it instead."
          : "This submission has no valid e-mail address, so nothing can be sent to it. Delete it instead.",
      );
    if (makesContact) {
      contactId = (
        await linkSubmission(
          trx,
          { email: s.email, name: s.name, businessName: s.business_name, phone: s.phone, website: s.website },
          {
            source: contactSourceOf(form.slug, s.source),
            profile: profileFromAnswers(form.fields, answers),
            attribution: {
              landingPage: s.landing_page,
              referrer: s.referrer,
              utmSource: s.utm_source,
              utmMedium: s.utm_medium,
              utmCampaign: s.utm_campaign,
            },
          },
          nowIso(),
        )
      ).id;
    }
    notify = held;
    await trx
      .updateTable("submissions")
      .set({
        spam,
        spam_reason: spam ? "staff" : null,
        contact_id: contactId,
        ...(notify ? { notify_status: "pending" as const } : {}),
      })
      .where("id", "=", id)
      .execute();
    // Restoring a held submission queues its staff e-mail with it.
    if (notify) {
      await enqueueSubmissionNotification(trx, id);
      // And the submitter's auto-reply, held with it (when the form's is on).
      await enqueueAutoReply(trx, form, id);
      // A held submission is "received" when staff restore it, not before (a lead's only).
      if (contactId)
        await emitEvent(trx, "submission.received", {
          submissionId: id,
          formId,
          formName: form.name,
          contactId,
          name: s.name,
          email: s.email,
          businessName: s.business_name || null,
        });
      // What the system form does with a post (a privacy request and its e-mail), as storing it would have.
      if (runsHook) await hook.stored(trx, { id, form, answers, email: s.email.toLowerCase() });
    }
    // The clock (decision 0048): a restored one waits from when it arrived; spam waits for nobody.
    if (spam) await refreshContactWaiting(trx, contactId);
    else await startResponseClock(trx, id);
    await writeAudit(trx, {
      action: spam ? "submission.marked_spam" : "submission.restored",
      ...auditFrom(actor),
      target: id,
      details: { formId, wasHeldFor: s.spam_reason },
    });
  });
  kickJobs();
  return { notified: notify };
}

/** Sends a failed (or never sent) notification again, by hand. */
export async function resendNotification(db: DB, actor: Actor, formId: string, id: string) {
  const s = await submissionRow(db, formId, id);
  if (s.spam) throw new ServiceError("conflict", "Spam is never notified. Restore it first.");
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("submissions")
      .set({ notify_status: "pending", notify_attempts: 0, notified_at: null, notify_error: null })
      .where("id", "=", id)
      .execute();
    // A new attempt (its own job key): the first job may have run out of attempts already.
    await enqueueSubmissionNotification(trx, id, `resend:${crypto.randomUUID()}`);
    await writeAudit(trx, {
      action: "submission.notification_resent",
      ...auditFrom(actor),
      target: id,
      details: { formId },
    });
  });
  kickJobs();
}

/** Deletes a submission with its files (in the file store); its contact counts one fewer. */
export async function deleteSubmission(db: DB, actor: Actor, formId: string, id: string) {
  const s = await submissionRow(db, formId, id);
  const files = await db.selectFrom("submission_files").select("file_id").where("submission_id", "=", id).execute();
  await db.transaction().execute(async (trx) => {
    await deleteStoredFiles(
      trx,
      files.map((f) => f.file_id),
    );
    await trx.deleteFrom("submissions").where("id", "=", id).execute();
    if (s.contact_id) await unlinkSubmission(trx, s.contact_id);
    await refreshContactWaiting(trx, s.contact_id);
    await writeAudit(trx, {
      action: "submission.deleted",
      ...auditFrom(actor),
      target: id,
      details: { formId, files: files.length },
    });
  });
}
