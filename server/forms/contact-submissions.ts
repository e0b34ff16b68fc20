import { answerText, type Answer, type FileAnswer } from "@common/forms";
import type { ContactSubmissions, TimelineSubmission } from "../contacts/submission-port";
import type { DB } from "../db";
import { deleteStoredFiles, readStoredFile } from "../files/files";

/**
 * A contact's submissions for the contacts screens (the port server/contacts declares): its
 * timeline, the counts the erasure confirms, a download of one of their files, and the
 * erasure of them all with their files.
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
      .select(["id", "reference", "form_id", "created_at", "source", "answers", "notify_status", "spam"])
      .where("contact_id", "=", contactId)
      .orderBy("created_at", "desc")
      .limit(limit)
      .execute();
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
        files: answers.filter(isFile).map((a) => ({
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
};
