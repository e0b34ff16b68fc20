import crypto from "node:crypto";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";
import { log } from "../logger";
import {
  CONSENT_VERSION,
  paymentMethodLabel,
  sanitizeFilename,
  STATEMENT_TYPES,
  volumeLabel,
  type StatementType,
} from "@common/lead";
import type { LeadFormInput } from "@common/lead-schema";
import type { Answer, FormDefinition } from "@common/forms";
import { storeFile } from "../files/files";
import { enqueueSubmissionNotification } from "../forms/notify";
import {
  fileCapNote,
  linkContact,
  submissionBase,
  uploadRoomToday,
  type SubmissionMeta,
  type UploadedAnswerFile,
} from "../forms/submissions";
import { FREE_ANALYSIS_CORE_FIELDS } from "../forms/free-analysis";

/** What staff see on a submission whose statement the daily limit turned away. */
export const STATEMENT_CAP_NOTE =
  "The visitor attached a statement, but it was not stored: today's limit for uploaded statements was reached. Ask them to send it again.";

/**
 * Leads from the Free Analysis form. `createLead` commits the contact, the submission, the
 * statement and any other uploaded files (file store) in one transaction; the staff e-mail
 * is a job enqueued in the same transaction (server/jobs), sent at once and retried with
 * backoff when it fails (lead-notify.ts).
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
      const filename = sanitizeFilename(statement.filename, statement.type, "statement");
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
    statement: statement ? sanitizeFilename(statement.filename, statement.type, "statement") : null,
    consent: true,
  };
  const fields = form?.fields ?? FREE_ANALYSIS_CORE_FIELDS;
  return fields.flatMap((f): Answer[] => {
    if (f.key in values) return [{ key: f.key, label: f.label, type: f.type, value: values[f.key] ?? null }];
    const extra = extras.find((a) => a.key === f.key);
    return extra ? [extra] : [];
  });
}
