import crypto from "node:crypto";
import { sql } from "kysely";
import type { Attribution } from "@common/attribution";
import type { Answer, ContactRole, FileAnswer, FormDefinition } from "@common/forms";
import { CONSENT_VERSION } from "@common/lead";
import { LEAD_LIMITS } from "@common/limits";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";
import { storedBytesSince, storeFile } from "../files/files";
import { getConfig } from "../config";
import { enqueueSubmissionNotification } from "./notify";
import { log } from "../logger";

/**
 * Storing what a public form sent: the submission, its contact and its files in one
 * transaction. A contact is kept as first submitted (decision 0035): a later submission
 * with the same e-mail links to it and moves only its last-seen time and count; what each
 * submission said stays on the submission, and the inbox shows where it differs.
 */

export interface SubmissionMeta {
  clientIp?: string;
  userAgent?: string | null;
  /** How the visitor came: the page the visit landed on, the referrer and the UTM tags (first touch). */
  attribution?: Partial<Attribution>;
}

export interface ContactDetails {
  email: string;
  name: string;
  businessName: string;
  phone: string;
  website: string | null;
}

type Trx = Parameters<Parameters<ReturnType<DB["transaction"]>["execute"]>[0]>[0];

const cut = (value: string | null | undefined, max: number) => (value ? value.slice(0, max) : null);

/** The submission columns every form fills: the contact's details as sent, attribution, request facts. */
export function submissionBase(details: ContactDetails, meta: SubmissionMeta) {
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

/**
 * The contact for an e-mail address: created from these details when new; otherwise only
 * its count and last-seen time move (its own fields change only by staff).
 */
export async function linkContact(
  trx: Trx | DB,
  details: ContactDetails,
  now: string,
  first: {
    source?: string;
    monthlyVolume?: string | null;
    currentProcessor?: string | null;
    attribution?: Partial<Attribution>;
  } = {},
) {
  const a = first.attribution ?? {};
  const contact = await trx
    .insertInto("contacts")
    .values({
      id: crypto.randomUUID(),
      email: details.email.toLowerCase(),
      name: details.name.slice(0, LEAD_LIMITS.name),
      business_name: details.businessName.slice(0, LEAD_LIMITS.businessName),
      phone: details.phone.slice(0, LEAD_LIMITS.phone),
      website: cut(details.website, LEAD_LIMITS.website),
      status: "new",
      submission_count: 1,
      created_at: now,
      updated_at: now,
      last_submitted_at: now,
      // First touch: where this contact first came from (kept, like the details, as first submitted).
      source: (first.source ?? "contact").slice(0, 60),
      monthly_volume: first.monthlyVolume || null,
      current_processor: first.currentProcessor ?? null,
      first_landing_page: cut(a.landingPage, 500),
      first_referrer: cut(a.referrer, 500),
      first_utm_source: cut(a.utmSource, 100),
      first_utm_medium: cut(a.utmMedium, 100),
      first_utm_campaign: cut(a.utmCampaign, 100),
    })
    .onConflict((oc) =>
      oc.column("email").doUpdateSet({
        submission_count: sql<number>`${sql.ref("contacts.submission_count")} + 1`,
        last_submitted_at: now,
      }),
    )
    .returning(["id", "submission_count"])
    .executeTakeFirstOrThrow();
  return { id: contact.id, returning: Number(contact.submission_count) > 1 };
}

/** The contact details a form's answers carry (by the fields' contact roles; the first e-mail field otherwise). */
export function contactDetailsOf(form: FormDefinition, answers: Answer[]): ContactDetails {
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

/** Columns only the Free Analysis form has; other forms store neutral values there. */
const NO_LEAD_COLUMNS = {
  monthly_volume: "",
  average_ticket_cents: null,
  current_processor: null,
  payment_methods: "[]",
  message: null,
  consent_version: CONSENT_VERSION,
  calculator_inputs: null,
};

export interface UploadedAnswerFile {
  fieldKey: string;
  filename: string;
  mimeType: string;
  bytes: Uint8Array;
}

/**
 * Room left today (UTC) under the daily cap on files visitors upload through public forms
 * (STATEMENT_DAILY_LIMIT_MB: statements and file answers together). Past it a submission is
 * still taken; the file is not stored and the submission's statement_note tells staff.
 */
export async function uploadRoomToday(trx: Trx, now: string, limitBytes?: number): Promise<number> {
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
  contactId: string | null;
  returning: boolean;
  /** File answers not stored: today's upload limit was reached. */
  filesRefused: number;
}

/**
 * A staff-built form's submission: contact (unless spam), submission and files in one
 * transaction. File answers are added to the answers with the stored file's id.
 */
export async function storeFormSubmission(
  db: DB,
  form: FormDefinition,
  answers: Answer[],
  files: UploadedAnswerFile[],
  meta: SubmissionMeta,
  spamReason?: string,
): Promise<StoredSubmission> {
  const now = nowIso();
  const details = contactDetailsOf(form, answers);
  const consent = answers.some((a) => a.type === "consent" && a.value === true);
  const stored = await db.transaction().execute(async (trx) => {
    const contact = spamReason
      ? undefined
      : await linkContact(trx, details, now, { source: form.slug, attribution: meta.attribution });
    const submissionId = crypto.randomUUID();
    const all = [...answers];
    const fileRows: Array<{ fieldKey: string; fileId: string }> = [];
    const notes: string[] = [];
    let room = files.length ? await uploadRoomToday(trx, now) : 0;
    for (const file of files) {
      const field = form.fields.find((f) => f.key === file.fieldKey);
      if (file.bytes.byteLength > room) {
        notes.push(fileCapNote(field?.label ?? file.fieldKey, file.filename));
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
      all.push({ key: file.fieldKey, label: field?.label ?? file.fieldKey, type: "file", value });
    }
    const order = form.fields.map((f) => f.key);
    all.sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
    await trx
      .insertInto("lead_submissions")
      .values({
        id: submissionId,
        contact_id: contact?.id ?? null,
        ...submissionBase(details, meta),
        ...NO_LEAD_COLUMNS,
        consent,
        source: "form",
        created_at: now,
        notify_status: spamReason ? "held" : "pending",
        notified_at: null,
        notify_attempts: 0,
        notify_last_attempt_at: null,
        notify_error: null,
        form_id: form.id,
        answers: JSON.stringify(all),
        spam: Boolean(spamReason),
        spam_reason: spamReason ?? null,
        read_at: null,
        statement_note: notes.length ? notes.join(" ") : null,
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
    // The staff e-mail, as a job committed with the submission (never for spam).
    if (!spamReason) await enqueueSubmissionNotification(trx, submissionId);
    return {
      submissionId,
      contactId: contact?.id ?? null,
      returning: contact?.returning ?? false,
      filesRefused: notes.length,
    };
  });
  log.info("form submission stored", { form: form.slug, submissionId: stored.submissionId, spam: spamReason ?? null });
  return stored;
}

/**
 * A post held as spam (honeypot filled, or sent too fast): what it said, unchecked and cut
 * to the columns' sizes, no contact, no files, no notification. Staff may restore it.
 */
export async function storeSpamSubmission(
  db: DB,
  form: FormDefinition,
  raw: (key: string) => string | string[] | undefined,
  meta: SubmissionMeta,
  reason: "honeypot" | "too-fast",
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
  const text = (key: string) => {
    const v = raw(key);
    return (Array.isArray(v) ? v[0] : v)?.trim() ?? "";
  };
  const details = contactDetailsOf(
    form,
    answers.map((a) => ({ ...a, value: Array.isArray(a.value) ? a.value.join(", ") : a.value })),
  );
  const id = crypto.randomUUID();
  await db
    .insertInto("lead_submissions")
    .values({
      id,
      contact_id: null,
      ...submissionBase(details, meta),
      ...NO_LEAD_COLUMNS,
      ...(source === "form"
        ? {}
        : { monthly_volume: text("monthlyVolume").slice(0, 20), message: text("message").slice(0, 5000) || null }),
      consent: text("consent") !== "",
      source: source.slice(0, 20),
      created_at: nowIso(),
      notify_status: "held",
      notified_at: null,
      notify_attempts: 0,
      notify_last_attempt_at: null,
      notify_error: null,
      form_id: form.id,
      answers: JSON.stringify(answers),
      spam: true,
      spam_reason: reason,
      read_at: null,
    })
    .execute();
  log.warn("form post held as spam", { form: form.slug, submissionId: id, reason });
  return id;
}
