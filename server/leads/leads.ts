import crypto from "node:crypto";
import { sql } from "kysely";
import { getConfig } from "../config";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";
import { log } from "../logger";
import { escapeHtml, sendMail } from "../mail/mail";
import { getSiteSettings } from "../settings/settings";
import {
  CONSENT_VERSION,
  paymentMethodLabel,
  sanitizeFilename,
  STATEMENT_TYPES,
  volumeLabel,
  type LeadFormInput,
  type StatementType,
} from "@common/lead";
import { storedBytesSince, storeFile } from "../files/files";
import { enqueueJob, registerJob } from "../jobs/jobs";

/** What staff see on a submission whose statement the daily limit turned away. */
export const STATEMENT_CAP_NOTE =
  "The visitor attached a statement, but it was not stored: today's limit for uploaded statements was reached. Ask them to send it again.";

/**
 * Leads from the Free Analysis form. `createLead` commits the contact, the submission and
 * the statement row in one transaction (the file is moved into place after the commit);
 * the staff e-mail is a job enqueued in the same transaction (server/jobs), sent at once
 * and retried with backoff when it fails.
 */

export interface LeadMeta {
  clientIp?: string;
  userAgent?: string | null;
}

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
  options: { statementDailyLimitBytes?: number } = {},
): Promise<CreatedLead> {
  const now = nowIso();
  const dailyLimit = options.statementDailyLimitBytes ?? getConfig().statementDailyLimitBytes;
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
    const contact = await trx
      .insertInto("contacts")
      .values({
        id: crypto.randomUUID(),
        email,
        name: input.name,
        business_name: input.businessName,
        phone: input.phone,
        website: input.website ?? null,
        status: "new",
        submission_count: 1,
        created_at: now,
        updated_at: now,
        last_submitted_at: now,
        monthly_volume: input.monthlyVolume,
        current_processor: input.currentProcessor ?? null,
        source: input.source,
        first_landing_page: null,
        first_referrer: null,
        first_utm_source: null,
        first_utm_medium: null,
        first_utm_campaign: null,
        owner_id: null,
        lost_reason: null,
      })
      .onConflict((oc) =>
        oc.column("email").doUpdateSet({
          name: input.name,
          business_name: input.businessName,
          phone: input.phone,
          website: input.website ?? null,
          submission_count: sql<number>`${sql.ref("contacts.submission_count")} + 1`,
          updated_at: now,
          last_submitted_at: now,
        }),
      )
      .returning(["id", "submission_count"])
      .executeTakeFirstOrThrow();

    const submissionId = crypto.randomUUID();
    await trx
      .insertInto("lead_submissions")
      .values({
        id: submissionId,
        contact_id: contact.id,
        name: input.name,
        business_name: input.businessName,
        email,
        phone: input.phone,
        website: input.website ?? null,
        monthly_volume: input.monthlyVolume,
        average_ticket_cents: input.averageTicket === undefined ? null : Math.round(input.averageTicket * 100),
        current_processor: input.currentProcessor ?? null,
        payment_methods: JSON.stringify(input.paymentMethods),
        message: input.message ?? null,
        consent: true,
        consent_version: CONSENT_VERSION,
        source: input.source,
        calculator_inputs: calculator,
        client_ip: meta.clientIp?.slice(0, 64) ?? null,
        user_agent: meta.userAgent?.slice(0, 500) ?? null,
        created_at: now,
        notify_status: "pending",
        notified_at: null,
        notify_attempts: 0,
        notify_last_attempt_at: null,
        notify_error: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    let statementId: string | undefined;
    let statementRefused = false;
    if (statement) {
      // The file store (decision 0012), in this transaction: every instance reaches the file,
      // and a lead is never stored pointing at a file that is not there.
      const today = `${now.slice(0, 10)}T00:00:00.000Z`;
      const storedToday = await storedBytesSince(trx, "statement", today);
      if (storedToday + statement.bytes.byteLength > dailyLimit) {
        statementRefused = true;
        await trx
          .updateTable("lead_submissions")
          .set({ statement_note: STATEMENT_CAP_NOTE })
          .where("id", "=", submissionId)
          .execute();
      } else {
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
    }
    // The staff e-mail, as a job committed with the lead: it is sent even if this process dies now.
    await enqueueJob(trx, LEAD_NOTIFY_JOB, { submissionId }, { key: `${LEAD_NOTIFY_JOB}:${submissionId}` });
    return {
      contactId: contact.id,
      submissionId,
      statementId,
      statementRefused,
      returning: Number(contact.submission_count) > 1,
    };
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
 * guarded on the old count) so two instances, or the sweep and the request, never send
 * the same notification twice. Never throws: failures are recorded on the row and logged.
 */
export async function notifyStaffOfLead(
  db: DB,
  submissionId: string,
  options: NotifyOptions = notifyOptions(),
): Promise<"sent" | "failed" | "skipped"> {
  try {
    const row = await db
      .selectFrom("lead_submissions")
      .select(["notify_attempts", "notified_at"])
      .where("id", "=", submissionId)
      .executeTakeFirst();
    if (!row || row.notified_at || row.notify_attempts >= options.maxAttempts) return "skipped";
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

/** The job that sends a lead's staff e-mail (server/jobs): retried with backoff, run once across instances. */
export const LEAD_NOTIFY_JOB = "lead.notify";

export function registerLeadJobs(db: DB): void {
  const options = notifyOptions();
  registerJob<{ submissionId: string }>(
    LEAD_NOTIFY_JOB,
    async ({ submissionId }) => {
      const result = await notifyStaffOfLead(db, submissionId, options);
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
  const statements = await db
    .selectFrom("lead_statements")
    .select(["original_filename", "detected_type", "size_bytes"])
    .where("submission_id", "=", submissionId)
    .execute();
  const contact = await db
    .selectFrom("contacts")
    .select(["submission_count"])
    .where("id", "=", s.contact_id)
    .executeTakeFirst();
  const settings = await getSiteSettings(db);
  const config = getConfig();
  const to = config.staffNotifyEmail ?? settings.email;

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
  rows.push(["Received", s.created_at]);

  const message = s.message ?? "";
  const text =
    `New Free Analysis request from ${s.name} (${s.business_name}).\n\n` +
    rows.map(([k, v]) => `${k}: ${v}`).join("\n") +
    (message ? `\n\nMessage:\n${message}\n` : "\n") +
    `\nPlease reply within one business day. Reply to this e-mail to answer ${s.name} directly.\n`;
  const html =
    `<p>New Free Analysis request from <strong>${escapeHtml(s.name)}</strong> (${escapeHtml(s.business_name)}).</p>` +
    `<table cellpadding="4">${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join("")}</table>` +
    (message ? `<p><strong>Message</strong></p><p>${escapeHtml(message).replace(/\n/g, "<br>")}</p>` : "") +
    `<p>Please reply within one business day.</p>`;
  const subject = `New Free Analysis request: ${s.business_name}`.replace(/[\r\n]+/g, " ").slice(0, 180);
  return { to, subject, text, html, replyTo: s.email };
}
