import { CONSENT_CSV_COLUMNS } from "@common/consent";
import { answerText, type Answer, type FormDefinition } from "@common/forms";
import type { DB } from "../db";
import { keysetPages, type CsvColumn } from "../http/csv";
import { consentEvidence, consentTextOf } from "./consent";
import { inboxWhere, type InboxFilter } from "./inbox";

/**
 * A form's submissions as CSV: one row per submission matching the inbox's current filter,
 * newest first, a column per field of the form, then the notification, where the visitor
 * came from and the consent evidence. Read a page at a time by keyset on (created_at, id), so 100k rows
 * stream with flat memory (server/http/csv.ts writes them).
 */

const PAGE = 500;

/** The submission's rows for the CSV export, a page at a time (keyset on time and id). */
export function exportPage(db: DB, formId: string, filter: InboxFilter, pageSize: number) {
  return (after: { created_at: string; id: string } | undefined) => {
    let q = db
      .selectFrom("submissions")
      .where(inboxWhere(formId, filter))
      .select([
        "id",
        "created_at",
        "answers",
        "read_at",
        "spam",
        "spam_reason",
        "notify_status",
        "landing_page",
        "referrer",
        "utm_source",
        "utm_medium",
        "utm_campaign",
        "consent",
        "consent_version",
        "client_ip",
        "user_agent",
        "page_url",
        "form_version",
      ])
      .select(consentTextOf);
    // A row-value comparison (as the contacts export), which both databases answer from the index.
    if (after) q = q.where((eb) => eb(eb.refTuple("created_at", "id"), "<", eb.tuple(after.created_at, after.id)));
    return q.orderBy("created_at", "desc").orderBy("id", "desc").limit(pageSize).execute();
  };
}

type ExportRow = Awaited<ReturnType<ReturnType<typeof exportPage>>>[number];

/** The columns of a form's export: the inbox status, every field's answer, then the request's facts. */
export function submissionCsvColumns(form: Pick<FormDefinition, "fields">): Array<CsvColumn<ExportRow>> {
  // Each row's answers are parsed once, however many field columns read them.
  const parsed = new WeakMap<ExportRow, Answer[]>();
  const answers = (row: ExportRow) => {
    let list = parsed.get(row);
    if (!list) parsed.set(row, (list = JSON.parse(row.answers) as Answer[]));
    return list;
  };
  return [
    { header: "Received", value: (r) => r.created_at },
    { header: "Status", value: (r) => (r.spam ? "spam" : r.read_at ? "read" : "unread") },
    { header: "Spam reason", value: (r) => r.spam_reason },
    ...form.fields.map((field): CsvColumn<ExportRow> => ({
      header: field.label,
      value: (r) => {
        const answer = answers(r).find((a) => a.key === field.key);
        return answer ? answerText(answer) : "";
      },
    })),
    { header: "Notification", value: (r) => r.notify_status },
    { header: "Landing page", value: (r) => r.landing_page },
    { header: "Referrer", value: (r) => r.referrer },
    { header: "UTM source", value: (r) => r.utm_source },
    { header: "UTM medium", value: (r) => r.utm_medium },
    { header: "UTM campaign", value: (r) => r.utm_campaign },
    // The consent evidence (decision 0049), empty for a form without a consent field.
    ...CONSENT_CSV_COLUMNS.map((column): CsvColumn<ExportRow> => ({
      header: column.header,
      value: (r) => {
        const evidence = consentEvidence(r);
        return evidence ? column.value(evidence) : "";
      },
    })),
    { header: "Submission ID", value: (r) => r.id },
  ];
}

/** Every submission of a form matching the filter, newest first. */
export function submissionCsvRows(db: DB, formId: string, filter: InboxFilter): AsyncIterable<ExportRow> {
  return keysetPages(exportPage(db, formId, filter, PAGE), PAGE);
}
