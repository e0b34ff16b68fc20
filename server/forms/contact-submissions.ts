import { sql } from "kysely";
import type { ConsentEvidence } from "@common/consent";
import { answerText, type Answer, type FileAnswer } from "@common/forms";
import type { ContactSubmissions, TimelineSubmission } from "../contacts/submission-port";
import type { DB } from "../db";
import { deleteStoredFiles, readStoredFile } from "../files/files";
import { oldestWaiting } from "./response-clock";
import { CONSENT_COLUMNS, consentEvidence, consentTextOf } from "./consent";

/**
 * A contact's submissions for the contacts screens (the port server/contacts declares): its
 * timeline, the counts the erasure confirms, a download of one of their files, the erasure
 * of them all with their files, and the first response a staff action gives them.
 */

const isFile = (a: Answer): a is Answer & { value: FileAnswer } =>
  a.type === "file" && Boolean(a.value) && typeof a.value === "object" && !Array.isArray(a.value);

/** The stored files of these submissions. */
function filesOf(db: DB, contactId: string) {
  return db
    .selectFrom("submission_files")
    .innerJoin("submissions", "submissions.id", "submission_files.submission_id")
    .where("submissions.contact_id", "=", contactId);
}

export const contactSubmissions: ContactSubmissions = {
  async list(db, contactId, limit) {
    const rows = await db
      .selectFrom("submissions")
      .select([
        "id",
        "reference",
        "form_id",
        "created_at",
        "source",
        "answers",
        "notify_status",
        "spam",
        "file_note",
        "first_response_at",
        "first_response_by",
        "first_response_by_name",
        "first_response_kind",
        ...CONSENT_COLUMNS,
      ])
      .select(consentTextOf)
      .where("contact_id", "=", contactId)
      .orderBy("created_at", "desc")
      .limit(limit)
      .execute();
    // The files still stored (retention removes statements of closed contacts; their answers stay).
    const stored = new Set(
      (await filesOf(db, contactId).select("submission_files.file_id").execute()).map((f) => f.file_id),
    );
    return rows.map((s): TimelineSubmission => {
      const answers = JSON.parse(s.answers) as Answer[];
      return {
        id: s.id,
        reference: s.reference,
        formId: s.form_id,
        createdAt: s.created_at,
        source: s.source,
        answers: answers.map((a) => ({ label: a.label, value: answerText(a) || "—" })),
        notifyStatus: s.notify_status,
        spam: Boolean(s.spam),
        firstResponse:
          s.first_response_at && s.first_response_kind
            ? {
                at: new Date(s.first_response_at).toISOString(),
                by: s.first_response_by ?? "",
                byName: s.first_response_by_name ?? "",
                kind: s.first_response_kind,
              }
            : null,
        fileNote: s.file_note,
        consent: consentEvidence(s),
        files: answers
          .filter(isFile)
          .filter((a) => stored.has(a.value.fileId))
          .map((a) => ({
            id: a.value.fileId,
            label: a.label,
            filename: a.value.filename,
            mimeType: a.value.mimeType,
            size: Number(a.value.size),
          })),
      };
    });
  },

  async count(db, contactId) {
    const [submissions, files] = await Promise.all([
      db
        .selectFrom("submissions")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("contact_id", "=", contactId)
        .executeTakeFirst(),
      filesOf(db, contactId)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirst(),
    ]);
    return { submissions: Number(submissions?.n ?? 0), files: Number(files?.n ?? 0) };
  },

  async readFile(db, contactId, fileId) {
    const own = await filesOf(db, contactId)
      .select("submission_files.file_id")
      .where("submission_files.file_id", "=", fileId)
      .executeTakeFirst();
    const stored = own ? await readStoredFile(db, own.file_id) : undefined;
    return stored ? { filename: stored.file.filename, mimeType: stored.file.mimeType, bytes: stored.bytes } : undefined;
  },

  async latestConsent(db, contactIds) {
    const latest = new Map<string, ConsentEvidence>();
    if (!contactIds.length) return latest;
    const rows = await db
      .selectFrom("submissions")
      .select(["contact_id", ...CONSENT_COLUMNS])
      .select(consentTextOf)
      .where("contact_id", "in", contactIds)
      .where("consent_version", "!=", "")
      .orderBy("created_at", "desc")
      .execute();
    for (const row of rows) {
      const evidence = consentEvidence(row);
      if (row.contact_id && evidence && !latest.has(row.contact_id)) latest.set(row.contact_id, evidence);
    }
    return latest;
  },

  async erase(trx, contactId) {
    const files = await filesOf(trx, contactId).select("submission_files.file_id").execute();
    const ids = trx.selectFrom("submissions").select("id").where("contact_id", "=", contactId);
    await trx.deleteFrom("submission_files").where("submission_id", "in", ids).execute();
    // Every upload lives in the file store (decision 0012): erased in the same transaction.
    await deleteStoredFiles(
      trx,
      files.map((f) => f.file_id),
    );
    await trx.deleteFrom("submissions").where("contact_id", "=", contactId).execute();
  },

  async recordFirstResponse(trx, contactId, response) {
    const result = await trx
      .updateTable("submissions")
      .set({
        first_response_at: response.at,
        first_response_by: response.by,
        first_response_by_name: response.byName.slice(0, 200),
        first_response_kind: response.kind,
      })
      .where("contact_id", "=", contactId)
      .where("spam", "=", sql.lit(false))
      .where("first_response_at", "is", null)
      .where("created_at", "<", response.at)
      .executeTakeFirst();
    return { answered: Number(result.numUpdatedRows), waitingSince: await oldestWaiting(trx, contactId) };
  },
};
