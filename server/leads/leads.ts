import crypto from "node:crypto";
import { getConfig } from "../config";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";
import { log } from "../logger";
import { escapeHtml, sendMail } from "../mail/mail";
import {
  CONSENT_VERSION,
  paymentMethodLabel,
  sanitizeFilename,
  STATEMENT_TYPES,
  volumeLabel,
  type LeadFormInput,
  type StatementType,
} from "@common/lead";
import type { Answer, FormDefinition } from "@common/forms";
import { storeFile } from "../files/files";
import { registerJob } from "../jobs/jobs";
import { enqueueSubmissionNotification, SUBMISSION_NOTIFY_JOB } from "../forms/notify";
import {
  fileCapNote,
  linkContact,
  submissionBase,
  uploadRoomToday,
  type SubmissionMeta,
  type UploadedAnswerFile,
} from "../forms/submissions";
import { FREE_ANALYSIS_CORE_FIELDS, FREE_ANALYSIS_CORE_KEYS } from "../forms/free-analysis";
import { answerRows, buildFormMail, notificationRecipients, submissionAdminUrl } from "../forms/mail";

/** What staff see on a submission whose statement the daily limit turned away. */
export const STATEMENT_CAP_NOTE =
  "The visitor attached a statement, but it was not stored: today's limit for uploaded statements was reached. Ask them to send it again.";

/**
 * Leads from the Free Analysis form. `createLead` commits the contact, the submission, the
 * statement and any other uploaded files (file store) in one transaction; the staff e-mail
 * is a job enqueued in the same transaction (server/jobs), sent at once and retried with
 * backoff when it fails.
 */

export type LeadMeta = SubmissionMeta;

export interface LeadStatementUpload {
  filename: string;
  bytes: Uint8Array;
  type: StatementType;
}

export interface CreatedLead {
  contactId: string;
  submissionId: string;
  statementId?: string;
  /** A statement came with the lead but was not stored: today's statement limit was reached. */
  statementRefused: boolean;
  /** True when this e-mail address had asked before. */
  returning: boolean;
}

export async function createLead(
  db: DB,
  input: LeadFormInput,
  statement: LeadStatementUpload | undefined,
  meta: LeadMeta = {},
  options: {
    statementDailyLimitBytes?: number;
    form?: FormDefinition;
    extras?: Answer[];
    extraFiles?: UploadedAnswerFile[];
  } = {},
): Promise<CreatedLead> {
  const now = nowIso();
  const email = input.email.toLowerCase();
  const calculator =
    input.source === "calculator" && (input.calcVolume || input.calcTransactions || input.calcFees)
      ? JSON.stringify({
          volume: input.calcVolume ?? null,
          transactions: input.calcTransactions ?? null,
          fees: input.calcFees ?? null,
        })
      : null;
  const created: CreatedLead = await db.transaction().execute(async (trx) => {
    // Kept as first submitted: a returning e-mail moves only the contact's count and last-seen time.
    const contact = await linkContact(
      trx,
      {
        email,
        name: input.name,
        businessName: input.businessName,
        phone: input.phone,
        website: input.website ?? null,
      },
      now,
      {
        source: input.source,
        monthlyVolume: input.monthlyVolume,
        currentProcessor: input.currentProcessor ?? null,
        attribution: meta.attribution,
      },
    );

    const submissionId = crypto.randomUUID();
    await trx
      .insertInto("lead_submissions")
      .values({
        id: submissionId,
        contact_id: contact.id,
        ...submissionBase(
          {
            email,
            name: input.name,
            businessName: input.businessName,
            phone: input.phone,
            website: input.website ?? null,
          },
          meta,
        ),
        monthly_volume: input.monthlyVolume,
        average_ticket_cents: input.averageTicket === undefined ? null : Math.round(input.averageTicket * 100),
        current_processor: input.currentProcessor ?? null,
        payment_methods: JSON.stringify(input.paymentMethods),
        message: input.message ?? null,
        consent: true,
        consent_version: CONSENT_VERSION,
        source: input.source,
        calculator_inputs: calculator,
        created_at: now,
        notify_status: "pending",
        notified_at: null,
        notify_attempts: 0,
        notify_last_attempt_at: null,
        notify_error: null,
        form_id: options.form?.id ?? null,
        answers: null,
        spam: false,
        spam_reason: null,
        read_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    // Files of fields staff added: stored with the rows that point at them.
    // One daily cap on visitor uploads (statement first, then other file answers).
    const hasFiles = Boolean(statement) || Boolean(options.extraFiles?.length);
    let room = hasFiles ? await uploadRoomToday(trx, now, options.statementDailyLimitBytes) : 0;
    const notes: string[] = [];
    const statementFits = statement ? statement.bytes.byteLength <= room : false;
    if (statement && statementFits) room -= statement.bytes.byteLength;
    else if (statement) notes.push(STATEMENT_CAP_NOTE);
    const extras = [...(options.extras ?? [])];
    for (const file of options.extraFiles ?? []) {
      const label = options.form?.fields.find((f) => f.key === file.fieldKey)?.label ?? file.fieldKey;
      if (file.bytes.byteLength > room) {
        notes.push(fileCapNote(label, file.filename));
        continue;
      }
      room -= file.bytes.byteLength;
      const saved = await storeFile(trx, {
        purpose: "attachment",
        filename: file.filename,
        mimeType: file.mimeType,
        bytes: file.bytes,
      });
      await trx
        .insertInto("submission_files")
        .values({
          id: crypto.randomUUID(),
          submission_id: submissionId,
          field_key: file.fieldKey,
          file_id: saved.id,
          created_at: now,
        })
        .execute();
      extras.push({
        key: file.fieldKey,
        label,
        type: "file",
        value: { fileId: saved.id, filename: saved.filename, size: saved.size, mimeType: saved.mimeType },
      });
    }
    await trx
      .updateTable("lead_submissions")
      .set({
        answers: JSON.stringify(leadAnswers(options.form, input, extras, statementFits ? statement : undefined)),
        statement_note: notes.length ? notes.join(" ") : null,
      })
      .where("id", "=", submissionId)
      .execute();

    let statementId: string | undefined;
    const statementRefused = Boolean(statement) && !statementFits;
    if (statement && statementFits) {
      const kind = STATEMENT_TYPES[statement.type];
      const filename = sanitizeFilename(statement.filename);
      const file = await storeFile(trx, {
        purpose: "statement",
        filename,
        mimeType: kind.mime,
        bytes: statement.bytes,
      });
      statementId = crypto.randomUUID();
      await trx
        .insertInto("lead_statements")
        .values({
          id: statementId,
          submission_id: submissionId,
          original_filename: filename,
          detected_type: statement.type,
          mime_type: kind.mime,
          size_bytes: file.size,
          sha256: file.sha256,
          storage_key: file.id,
          created_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    }
    // The staff e-mail, as a job committed with the lead: it is sent even if this process dies now.
    await enqueueSubmissionNotification(trx, submissionId);
    return { contactId: contact.id, submissionId, statementId, statementRefused, returning: contact.returning };
  });
  if (created.statementRefused)
    log.warn("statement not stored: daily statement limit reached", { submissionId: created.submissionId });
  log.info("lead stored", {
    submissionId: created.submissionId,
    contactId: created.contactId,
    source: input.source,
    statement: Boolean(created.statementId),
  });
  return created;
}

/**
 * Every answer of a Free Analysis post, with the labels the form showed (the definition's,
 * or the code's when there is none), for the submission's record.
 */
function leadAnswers(
  form: FormDefinition | undefined,
  input: LeadFormInput,
  extras: Answer[],
  statement: LeadStatementUpload | undefined,
): Answer[] {
  const values: Record<string, Answer["value"]> = {
    name: input.name,
    businessName: input.businessName,
    email: input.email.toLowerCase(),
    phone: input.phone,
    website: input.website ?? null,
    monthlyVolume: volumeLabel(input.monthlyVolume),
    averageTicket: input.averageTicket ?? null,
    currentProcessor: input.currentProcessor ?? null,
    paymentMethods: input.paymentMethods.map(paymentMethodLabel),
    message: input.message ?? null,
    statement: statement ? sanitizeFilename(statement.filename) : null,
    consent: true,
  };
  const fields = form?.fields ?? FREE_ANALYSIS_CORE_FIELDS;
  return fields.flatMap((f): Answer[] => {
    if (f.key in values) return [{ key: f.key, label: f.label, type: f.type, value: values[f.key] ?? null }];
    const extra = extras.find((a) => a.key === f.key);
    return extra ? [extra] : [];
  });
}

// ---------------------------------------------------------------------------------------
// Staff notification

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
 * Sends the staff e-mail for one submission. The attempt is claimed first (attempts + 1,
 * guarded on the old count) so two workers never send the same notification twice. Never
 * throws: failures are recorded on the row and logged. Spam and already-sent ones are skipped.
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
    const claimed = await db
      .updateTable("lead_submissions")
      .set({ notify_attempts: attempt, notify_last_attempt_at: nowIso() })
      .where("id", "=", submissionId)
      .where("notify_attempts", "=", row.notify_attempts)
      .where("notified_at", "is", null)
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
