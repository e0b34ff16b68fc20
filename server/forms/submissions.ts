import crypto from "node:crypto";
import type { Attribution } from "@common/attribution";
import type { Answer, ContactRole, FileAnswer, FormDefinition } from "@common/forms";
import { contactSourceOf } from "@common/contacts";
import { profileFromAnswers } from "@common/lead-profile";
import { LEAD_LIMITS } from "@common/limits";
import { getConfig } from "../config";
import { linkSubmission, type ContactDetails } from "../contacts/intake";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";
import { storedBytesSince, storeFile } from "../files/files";
import type { ProofFailure } from "../form-proof/challenge";
import { log } from "../logger";
import type { CheckedPost } from "./checks";
import { consentColumns } from "./consent";
import { emitEvent } from "../webhooks/deliveries";
import { enqueueSubmissionNotification } from "./notify";
import { enqueueAutoReply } from "./auto-reply";
import { newSubmissionReference } from "./reference";
import { startResponseClock } from "./response-clock";
import { submissionHook } from "./submission-hooks";

/**
 * Storing what a public form sent: the submission, its files and its contact (made or linked
 * by server/contacts/intake.ts, filled through the definition's mapping) in one transaction,
 * with the staff e-mail as a job committed with them. Every form, Free Analysis included.
 */

export interface SubmissionMeta {
  clientIp?: string;
  userAgent?: string | null;
  /** How the visitor came: the page the visit landed on, the referrer and the UTM tags (first touch). */
  attribution?: Partial<Attribution>;
  /** The page the form was posted from (consent evidence; server/forms/consent.ts). */
  pageUrl?: string | null;
  /** The consent text version the page showed, as posted (checked in consent.ts). */
  consentVersion?: string | null;
}

const cut = (value: string | null | undefined, max: number) => (value ? value.slice(0, max) : null);

/** The submission columns every form fills: the contact's details as sent, attribution, request facts. */
function submissionBase(details: ContactDetails, meta: SubmissionMeta) {
  const a = meta.attribution ?? {};
  return {
    name: details.name.slice(0, LEAD_LIMITS.name),
    business_name: details.businessName.slice(0, LEAD_LIMITS.businessName),
    email: details.email.toLowerCase().slice(0, LEAD_LIMITS.email),
    phone: details.phone.slice(0, LEAD_LIMITS.phone),
    website: cut(details.website, LEAD_LIMITS.website),
    client_ip: cut(meta.clientIp, 64),
    user_agent: cut(meta.userAgent, 500),
    landing_page: cut(a.landingPage, 500),
    referrer: cut(a.referrer, 500),
    utm_source: cut(a.utmSource, 100),
    utm_medium: cut(a.utmMedium, 100),
    utm_campaign: cut(a.utmCampaign, 100),
  };
}

/** The contact details a form's answers carry (by the fields' contact mapping; the first e-mail field otherwise). */
export function contactDetailsOf(form: Pick<FormDefinition, "fields">, answers: Answer[]): ContactDetails {
  const byRole = (role: ContactRole) => {
    const field =
      form.fields.find((f) => f.contact === role) ??
      (role === "email" ? form.fields.find((f) => f.type === "email") : undefined);
    const answer = field ? answers.find((a) => a.key === field.key) : undefined;
    return typeof answer?.value === "string" ? answer.value : "";
  };
  return {
    email: byRole("email"),
    name: byRole("name"),
    businessName: byRole("businessName"),
    phone: byRole("phone"),
    website: byRole("website") || null,
  };
}

/**
 * Room left today (UTC) under the daily cap on files visitors upload through public forms
 * (STATEMENT_DAILY_LIMIT_MB). Past it a submission is still taken; the file is not stored
 * and the submission's file_note tells staff. Statements stored before the forms became one
 * pipeline (purpose "statement") count with every form's attachments.
 */
async function uploadRoomToday(trx: DB, now: string, limitBytes?: number): Promise<number> {
  const today = `${now.slice(0, 10)}T00:00:00.000Z`;
  const used = (await storedBytesSince(trx, "statement", today)) + (await storedBytesSince(trx, "attachment", today));
  return (limitBytes ?? getConfig().statementDailyLimitBytes) - used;
}

/** What staff see on a submission whose file answer the daily limit turned away. */
export function fileCapNote(label: string, filename: string): string {
  return `The visitor attached "${filename}" (${label}), but it was not stored: today's limit for uploaded files was reached. Ask them to send it again.`;
}

export interface StoredSubmission {
  submissionId: string;
  /** Its short human reference ("MER-7K3QX"). */
  reference: string;
  contactId: string | null;
  returning: boolean;
  /** The file fields whose files were stored, and those turned away (today's upload limit). */
  filesStored: string[];
  filesRefused: string[];
}

/**
 * A checked post's submission: its contact (made or linked by e-mail, its lead profile from
 * the answers by the definition's mapping), the submission and its files in one transaction.
 * Every file field has an answer: the stored file, or null.
 *
 * `heldAs`: a post that passed the form's checks but not its proof of work (no JavaScript,
 * decision 0051) is kept whole, files included, in the spam tab: no contact, no e-mail, no
 * auto-reply, no clock, no event until staff restore it (setSpam does those then).
 */
export async function storeSubmission(
  db: DB,
  form: FormDefinition,
  post: CheckedPost,
  meta: SubmissionMeta,
  options: { dailyLimitBytes?: number; heldAs?: SpamReason } = {},
): Promise<StoredSubmission> {
  const now = nowIso();
  const held = options.heldAs ?? null;
  const details = contactDetailsOf(form, post.answers);
  const consent = post.answers.some((a) => a.type === "consent" && a.value === true);
  const hook = submissionHook(form);
  const stored = await db.transaction().execute(async (trx) => {
    // The contact first: its write takes the database's write lock before the reads below
    // (SQLite refuses a read transaction's later write when another process wrote meanwhile).
    // A system form outside the sales side (a privacy request) makes no contact.
    const contact =
      hook?.lead === false || held
        ? null
        : await linkSubmission(
            trx,
            details,
            {
              source: contactSourceOf(form.slug, post.source),
              profile: profileFromAnswers(form.fields, post.answers),
              attribution: meta.attribution,
            },
            now,
          );
    const submissionId = crypto.randomUUID();
    const reference = await newSubmissionReference(trx);
    const files: Answer[] = [];
    const fileRows: Array<{ fieldKey: string; fileId: string }> = [];
    const notes: string[] = [];
    const filesRefused: string[] = [];
    let room = post.uploads.length ? await uploadRoomToday(trx, now, options.dailyLimitBytes) : 0;
    for (const file of post.uploads) {
      const label = form.fields.find((f) => f.key === file.fieldKey)?.label ?? file.fieldKey;
      if (file.bytes.byteLength > room) {
        notes.push(fileCapNote(label, file.filename));
        filesRefused.push(file.fieldKey);
        continue;
      }
      room -= file.bytes.byteLength;
      const saved = await storeFile(trx, {
        purpose: "attachment",
        filename: file.filename,
        mimeType: file.mimeType,
        bytes: file.bytes,
      });
      fileRows.push({ fieldKey: file.fieldKey, fileId: saved.id });
      const value: FileAnswer = {
        fileId: saved.id,
        filename: saved.filename,
        size: saved.size,
        mimeType: saved.mimeType,
      };
      files.push({ key: file.fieldKey, label, type: "file", value });
    }
    // The answers in the definition's order (a file field without a stored file answers null),
    // then any the form adds of its own (the calculator's figures).
    const order = form.fields.map((f) => f.key);
    const answers = [
      ...form.fields.flatMap((f): Answer[] => {
        if (f.type === "file")
          return [files.find((a) => a.key === f.key) ?? { key: f.key, label: f.label, type: "file", value: null }];
        return post.answers.filter((a) => a.key === f.key);
      }),
      ...post.answers.filter((a) => !order.includes(a.key)),
    ];
    await trx
      .insertInto("submissions")
      .values({
        id: submissionId,
        reference,
        form_id: form.id,
        contact_id: contact?.id ?? null,
        source: post.source.slice(0, 20),
        ...submissionBase(details, meta),
        answers: JSON.stringify(answers),
        ...(await consentColumns(trx, form, consent, meta, now)),
        file_note: notes.length ? notes.join(" ") : null,
        spam: Boolean(held),
        spam_reason: held,
        read_at: null,
        notify_status: held ? "held" : "pending",
        notified_at: null,
        notify_attempts: 0,
        notify_last_attempt_at: null,
        notify_error: null,
        created_at: now,
      })
      .execute();
    for (const row of fileRows) {
      await trx
        .insertInto("submission_files")
        .values({
          id: crypto.randomUUID(),
          submission_id: submissionId,
          field_key: row.fieldKey,
          file_id: row.fileId,
          created_at: now,
        })
        .execute();
    }
    if (held)
      return {
        submissionId,
        reference,
        contactId: null,
        returning: false,
        filesStored: fileRows.map((r) => r.fieldKey),
        filesRefused,
      };
    // The staff e-mail, as a job committed with the submission: it is sent even if this process dies now.
    await enqueueSubmissionNotification(trx, submissionId);
    // The submitter's auto-reply (when the form's is on), the same way.
    await enqueueAutoReply(trx, form, submissionId);
    // The clock on the lead (decision 0048): its deadline, its contact waiting, one reminder.
    await startResponseClock(trx, submissionId);
    await hook?.stored(trx, { id: submissionId, form, answers, email: details.email.toLowerCase() });
    // The outgoing webhooks subscribed to it (sent after the commit with the e-mail: kickJobs).
    if (contact)
      await emitEvent(trx, "submission.received", {
        submissionId,
        formId: form.id,
        formName: form.name,
        contactId: contact.id,
        name: details.name,
        email: details.email,
        businessName: details.businessName || null,
      });
    return {
      submissionId,
      reference,
      contactId: contact?.id ?? null,
      returning: contact?.returning ?? false,
      filesStored: fileRows.map((r) => r.fieldKey),
      filesRefused,
    };
  });
  if (stored.filesRefused.length)
    log.warn("uploaded file not stored: daily upload limit reached", { submissionId: stored.submissionId });
  if (held) {
    log.warn("form post held as spam", { form: form.slug, submissionId: stored.submissionId, reason: held });
    return stored;
  }
  log.info("form submission stored", {
    form: form.slug,
    submissionId: stored.submissionId,
    contactId: stored.contactId,
    source: post.source,
    files: stored.filesStored.length,
  });
  return stored;
}

/** Why a post was held as spam: the honeypot, the minimum time, or its proof of work (decision 0051). */
export type SpamReason = "honeypot" | "too-fast" | ProofFailure | "proof-reused";

/**
 * A post held as spam before its checks (honeypot filled, sent too fast): what it said, unchecked and cut
 * to the columns' sizes, no contact, no files, no notification. Staff may restore it.
 */
export async function storeSpamSubmission(
  db: DB,
  form: FormDefinition,
  raw: (key: string) => string | string[] | undefined,
  meta: SubmissionMeta,
  reason: SpamReason,
  source: string,
): Promise<string> {
  const answers: Answer[] = form.fields
    .filter((f) => f.type !== "file")
    .map((f) => {
      const v = raw(f.key);
      const value = Array.isArray(v)
        ? v.slice(0, 50).map((s) => s.slice(0, 500))
        : v === undefined
          ? null
          : v.slice(0, 5000);
      return { key: f.key, label: f.label, type: f.type, value };
    });
  const details = contactDetailsOf(
    form,
    answers.map((a) => ({ ...a, value: Array.isArray(a.value) ? a.value.join(", ") : a.value })),
  );
  const consent = raw(form.fields.find((f) => f.type === "consent")?.key ?? "consent");
  const id = crypto.randomUUID();
  const now = nowIso();
  // Its consent text is kept under its version first (a text kept without its post is harmless).
  const evidence = await consentColumns(db, form, Boolean(consent && String(consent).trim()), meta, now);
  await db
    .insertInto("submissions")
    .values({
      id,
      reference: await newSubmissionReference(db),
      form_id: form.id,
      contact_id: null,
      source: source.slice(0, 20),
      ...submissionBase(details, meta),
      answers: JSON.stringify(answers),
      ...evidence,
      file_note: null,
      spam: true,
      spam_reason: reason,
      read_at: null,
      notify_status: "held",
      notified_at: null,
      notify_attempts: 0,
      notify_last_attempt_at: null,
      notify_error: null,
      created_at: now,
    })
    .execute();
  log.warn("form post held as spam", { form: form.slug, submissionId: id, reason });
  return id;
}
