import { sql, type ExpressionBuilder } from "kysely";
import { addDays, arizonaDayStart } from "@common/arizona";
import type { ConsentEvidence } from "@common/consent";
import { answerText, type Answer } from "@common/forms";
import { SUBMISSIONS_PAGE_SIZE, type SubmissionTab } from "@common/submissions";
import { ServiceError } from "@common/result";
import type { DB } from "../db";
import type { Database } from "../db/schema";
import { contactSummary } from "../contacts/intake";
import { evidenceOfRow } from "./consent";
import { getForm } from "./definitions";

/**
 * The submissions inbox of a form: tabs (unread, read, spam), search, dates, pages; the
 * detail with every answer, its files and where it differs from its contact. The CSV
 * export is export.ts; what staff change (read, spam, delete) is submission-actions.ts.
 */

/** What narrows the inbox (parsed from the query string with submissionFilterSchema, common/forms.ts). */
export interface InboxFilter {
  tab: SubmissionTab;
  q?: string;
  /** Arizona dates (YYYY-MM-DD), inclusive. */
  from?: string;
  to?: string;
}

type Eb = ExpressionBuilder<Database, "submissions">;

/** The submissions of a form matching a filter (and its tab, unless `withTab` is false). */
export function inboxWhere(formId: string, filter: InboxFilter, withTab = true) {
  return (eb: Eb) => {
    const parts = [eb("form_id", "=", formId)];
    if (withTab) {
      if (filter.tab === "spam") parts.push(eb("spam", "=", sql.lit(true)));
      else {
        parts.push(eb("spam", "=", sql.lit(false)));
        parts.push(eb("read_at", filter.tab === "read" ? "is not" : "is", null));
      }
    }
    if (filter.from) parts.push(eb("created_at", ">=", arizonaDayStart(filter.from)));
    if (filter.to) parts.push(eb("created_at", "<", arizonaDayStart(addDays(filter.to, 1))));
    if (filter.q) {
      const like = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const col = (c: "name" | "business_name" | "email" | "phone" | "answers" | "reference") =>
        eb(eb.fn("lower", [c]), "like", sql<string>`${like} escape '\\'`);
      parts.push(
        eb.or([col("name"), col("business_name"), col("email"), col("phone"), col("answers"), col("reference")]),
      );
    }
    return eb.and(parts);
  };
}

export interface SubmissionListRow {
  id: string;
  createdAt: string;
  name: string;
  businessName: string;
  email: string;
  /** The first answers, for the list's summary line. */
  summary: string;
  read: boolean;
  spam: boolean;
  spamReason: string | null;
  notifyStatus: string;
  files: number;
}

export async function listSubmissions(db: DB, formId: string, filter: InboxFilter & { page: number }) {
  await getForm(db, formId);
  const base = db.selectFrom("submissions").where(inboxWhere(formId, filter));
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const pages = Math.max(1, Math.ceil(total / SUBMISSIONS_PAGE_SIZE));
  const current = Math.min(filter.page, pages);
  const rows = await base
    .select([
      "id",
      "created_at",
      "name",
      "business_name",
      "email",
      "answers",
      "read_at",
      "spam",
      "spam_reason",
      "notify_status",
    ])
    .select((eb) =>
      eb
        .selectFrom("submission_files")
        .whereRef("submission_files.submission_id", "=", "submissions.id")
        .select((e) => e.fn.countAll<number>().as("n"))
        .as("file_count"),
    )
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(SUBMISSIONS_PAGE_SIZE)
    .offset((current - 1) * SUBMISSIONS_PAGE_SIZE)
    .execute();
  // Tab counts ignore the tab but keep the search and the dates.
  const counts = await db
    .selectFrom("submissions")
    .where(inboxWhere(formId, filter, false))
    .select((eb) => [
      eb.fn.sum<number>(eb.case().when("spam", "=", sql.lit(true)).then(1).else(0).end()).as("spam"),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb("spam", "=", sql.lit(false)), eb("read_at", "is", null)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as("unread"),
      eb.fn.countAll<number>().as("all"),
    ])
    .executeTakeFirstOrThrow();
  const spam = Number(counts.spam ?? 0);
  const unread = Number(counts.unread ?? 0);
  return {
    total,
    page: current,
    pages,
    counts: { unread, read: Number(counts.all) - spam - unread, spam },
    rows: rows.map((r): SubmissionListRow => ({
      id: r.id,
      createdAt: r.created_at,
      name: r.name,
      businessName: r.business_name,
      email: r.email,
      summary: summaryOf(r.answers),
      read: r.read_at !== null,
      spam: Boolean(r.spam),
      spamReason: r.spam_reason,
      notifyStatus: r.notify_status,
      files: Number(r.file_count ?? 0),
    })),
  };
}

function summaryOf(answers: string): string {
  const list = JSON.parse(answers) as Answer[];
  return list
    .filter((a) => a.type === "textarea" || a.type === "select" || a.type === "text")
    .map((a) => answerText(a))
    .filter(Boolean)
    .join(" · ")
    .slice(0, 160);
}

export interface SubmissionFile {
  /** The stored file's id (the download's). */
  id: string;
  fieldKey: string;
  filename: string;
  size: number;
  mimeType: string;
}

export interface SubmissionDetail {
  id: string;
  /** The short reference the visitor was given ("MER-7K3QX"). */
  reference: string | null;
  formId: string;
  createdAt: string;
  answers: Answer[];
  files: SubmissionFile[];
  read: boolean;
  readAt: string | null;
  spam: boolean;
  spamReason: string | null;
  /** Files the visitor attached that were not stored (e.g. today's upload limit), for staff. */
  fileNote: string | null;
  notify: { status: string; attempts: number; error: string | null; notifiedAt: string | null };
  /** The submitter's auto-reply (status null: none was due). */
  autoReply: { status: string | null; attempts: number; note: string | null; sentAt: string | null };
  attribution: Record<"landingPage" | "referrer" | "utmSource" | "utmMedium" | "utmCampaign", string | null>;
  clientIp: string | null;
  userAgent: string | null;
  /** What the consent field proves (null: the form has none); read-only. */
  consent: ConsentEvidence | null;
  contact: { id: string; name: string; businessName: string; email: string; phone: string; submissions: number } | null;
  /** Where this submission's details differ from the contact as first submitted (or as staff edited it). */
  differences: Array<{ field: string; label: string; submitted: string; contact: string }>;
}

export async function submissionRow(db: DB, formId: string, id: string) {
  const row = await db
    .selectFrom("submissions")
    .selectAll()
    .where("id", "=", id)
    .where("form_id", "=", formId)
    .executeTakeFirst();
  if (!row) throw new ServiceError("not_found", "This submission does not exist (it may have been deleted).");
  return row;
}

export async function getSubmission(db: DB, formId: string, id: string): Promise<SubmissionDetail> {
  const s = await submissionRow(db, formId, id);
  const attachments = await db
    .selectFrom("submission_files")
    .innerJoin("stored_files", "stored_files.id", "submission_files.file_id")
    .select([
      "stored_files.id",
      "submission_files.field_key",
      "stored_files.filename",
      "stored_files.size_bytes",
      "stored_files.mime_type",
    ])
    .where("submission_files.submission_id", "=", id)
    .execute();
  const contact = s.contact_id ? await contactSummary(db, s.contact_id) : undefined;
  const differences: SubmissionDetail["differences"] = [];
  if (contact) {
    const pairs: Array<[string, string, string | null, string | null]> = [
      ["name", "Name", s.name, contact.name],
      ["businessName", "Business", s.business_name, contact.businessName],
      ["phone", "Phone", s.phone, contact.phone],
      ["website", "Website", s.website, contact.website],
    ];
    for (const [field, label, submitted, kept] of pairs) {
      if ((submitted ?? "") && (submitted ?? "") !== (kept ?? ""))
        differences.push({ field, label, submitted: submitted ?? "", contact: kept ?? "" });
    }
  }
  return {
    id: s.id,
    reference: s.reference,
    formId,
    createdAt: s.created_at,
    answers: JSON.parse(s.answers) as Answer[],
    files: attachments.map((f) => ({
      id: f.id,
      fieldKey: f.field_key,
      filename: f.filename,
      size: Number(f.size_bytes),
      mimeType: f.mime_type,
    })),
    read: s.read_at !== null,
    readAt: s.read_at,
    spam: Boolean(s.spam),
    spamReason: s.spam_reason,
    fileNote: s.file_note,
    notify: {
      status: s.notify_status,
      attempts: s.notify_attempts,
      error: s.notify_error,
      notifiedAt: s.notified_at,
    },
    autoReply: {
      status: s.auto_reply_status,
      attempts: s.auto_reply_attempts,
      note: s.auto_reply_note,
      sentAt: s.auto_reply_sent_at,
    },
    attribution: {
      landingPage: s.landing_page,
      referrer: s.referrer,
      utmSource: s.utm_source,
      utmMedium: s.utm_medium,
      utmCampaign: s.utm_campaign,
    },
    clientIp: s.client_ip,
    userAgent: s.user_agent,
    consent: await evidenceOfRow(db, s),
    contact: contact
      ? {
          id: contact.id,
          name: contact.name,
          businessName: contact.businessName,
          email: contact.email,
          phone: contact.phone,
          submissions: contact.submissions,
        }
      : null,
    differences,
  };
}

/** The submissions whose staff e-mail gave up (the dashboard lists the newest for staff to send again). */
export async function failedSubmissionNotifications(db: DB, limit: number) {
  const [total, rows] = await Promise.all([
    db
      .selectFrom("submissions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("notify_status", "=", "failed")
      .executeTakeFirst(),
    db
      .selectFrom("submissions")
      .select(["id", "form_id", "contact_id", "name", "created_at", "notify_error"])
      .where("notify_status", "=", "failed")
      .orderBy("created_at", "desc")
      .limit(limit)
      .execute(),
  ]);
  return {
    total: Number(total?.n ?? 0),
    rows: rows.map((r) => ({
      submissionId: r.id,
      formId: r.form_id,
      contactId: r.contact_id,
      name: r.name,
      createdAt: r.created_at,
      error: r.notify_error,
    })),
  };
}
