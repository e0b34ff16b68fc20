import express from "express";
import { FIELD_TYPES } from "@common/forms";
import { submissionChangeSchema, submissionFilterSchema, type SubmissionTab } from "@common/submissions";
import { parseInput, ServiceError } from "@common/result";
import { can } from "@common/roles";
import { apiActor, apiSession } from "../auth/express";
import { getDb } from "../db";
import { contentDisposition, readStoredFile } from "../files/files";
import { sendSuccess } from "../http/api-errors";
import { csvFilename, streamCsv } from "../http/csv";
import {
  createForm,
  deleteForm,
  getForm,
  listForms,
  updateForm,
  type FormSummary,
  type FormWriteRights,
} from "./definitions";
import type { AutoReplyPreview } from "@common/auto-reply";
import { previewAutoReply } from "./auto-reply-mail";
import { submissionCsvColumns, submissionCsvRows } from "./export";
import { getSubmission, listSubmissions, type SubmissionDetail, type SubmissionListRow } from "./inbox";
import { deleteSubmission, resendNotification, setRead, setSpam } from "./submission-actions";
import type { FormDefinition } from "@common/forms";

/**
 * /api/admin/forms (the "forms" permission, checked when mounted): form definitions, the
 * submissions inbox of each, the CSV export of its current filter and the files of a
 * submission (signed-in staff only, always as a download).
 */

/** GET /api/admin/forms */
export interface FormsResponse {
  forms: FormSummary[];
  fieldTypes: typeof FIELD_TYPES;
}
/** GET /api/admin/forms/:id */
export interface FormResponse {
  form: FormDefinition;
}
/** GET /api/admin/forms/:id/submissions */
export interface SubmissionsResponse {
  form: Pick<FormDefinition, "id" | "name" | "slug">;
  tab: SubmissionTab;
  total: number;
  page: number;
  pages: number;
  counts: Record<SubmissionTab, number>;
  rows: SubmissionListRow[];
}
/** GET /api/admin/forms/:id/submissions/:submissionId */
export interface SubmissionResponse {
  form: Pick<FormDefinition, "id" | "name" | "slug">;
  submission: SubmissionDetail;
}

/** POST /api/admin/forms/auto-reply-preview */
export type AutoReplyPreviewResponse = AutoReplyPreview;

/** Changing where submissions are e-mailed needs the "form-recipients" permission (admins). */
const formWriteRights = (res: express.Response): FormWriteRights => ({
  mayChangeRecipients: can(apiSession(res).user, "form-recipients"),
});

/** The inbox's filter and page from the query string (a bad date is a 400 with the field named). */
const inboxFilter = (query: unknown) => parseInput(submissionFilterSchema, query, "Please check the dates.");

export function formsApi() {
  const router = express.Router();

  router.get("/", async (_req, res) => {
    const body: FormsResponse = { forms: await listForms(getDb()), fieldTypes: FIELD_TYPES };
    res.json(body);
  });

  router.post("/", async (req, res) => {
    const form = await createForm(getDb(), apiActor(req, res), req.body, formWriteRights(res));
    sendSuccess(res, { message: `Form “${form.name}” created.`, data: { id: form.id } }, 201);
  });

  // A form's auto-reply as typed, rendered with sample data (unknown placeholders: 400 with field errors).
  router.post("/auto-reply-preview", async (req, res) => {
    const body: AutoReplyPreviewResponse = await previewAutoReply(getDb(), req.body);
    res.json(body);
  });

  router.get("/:id", async (req, res) => {
    const body: FormResponse = { form: await getForm(getDb(), req.params.id) };
    res.json(body);
  });

  router.put("/:id", async (req, res) => {
    const form = await updateForm(getDb(), apiActor(req, res), req.params.id, req.body, formWriteRights(res));
    sendSuccess(res, { message: `Form “${form.name}” saved.`, data: { id: form.id } });
  });

  router.delete("/:id", async (req, res) => {
    await deleteForm(getDb(), apiActor(req, res), req.params.id);
    sendSuccess(res, { message: "Form deleted." });
  });

  router.get("/:id/submissions", async (req, res) => {
    const db = getDb();
    const form = await getForm(db, req.params.id);
    const filter = inboxFilter(req.query);
    const result = await listSubmissions(db, form.id, filter);
    const body: SubmissionsResponse = {
      form: { id: form.id, name: form.name, slug: form.slug },
      tab: filter.tab,
      ...result,
    };
    res.json(body);
  });

  router.get("/:id/export", async (req, res) => {
    const db = getDb();
    const form = await getForm(db, req.params.id);
    const filter = inboxFilter(req.query);
    await streamCsv(res, {
      filename: csvFilename(`${form.slug}-${filter.tab}`),
      columns: submissionCsvColumns(form),
      rows: submissionCsvRows(db, form.id, filter),
    });
  });

  router.get("/:id/submissions/:sid", async (req, res) => {
    const db = getDb();
    const form = await getForm(db, req.params.id);
    const body: SubmissionResponse = {
      form: { id: form.id, name: form.name, slug: form.slug },
      submission: await getSubmission(db, form.id, req.params.sid),
    };
    res.json(body);
  });

  router.patch("/:id/submissions/:sid", async (req, res) => {
    const change = parseInput(submissionChangeSchema, req.body);
    const db = getDb();
    const actor = apiActor(req, res);
    const messages: string[] = [];
    if (change.spam !== undefined) {
      const { notified } = await setSpam(db, actor, req.params.id, req.params.sid, change.spam);
      messages.push(
        change.spam ? "Marked as spam." : notified ? "Restored; the notification is on its way." : "Restored.",
      );
    }
    if (change.read !== undefined) {
      await setRead(db, actor, req.params.id, req.params.sid, change.read);
      messages.push(change.read ? "Marked as read." : "Marked as unread.");
    }
    if (!messages.length) throw new ServiceError("validation", "Nothing to change.");
    sendSuccess(res, { message: messages.join(" ") });
  });

  router.post("/:id/submissions/:sid/notification", async (req, res) => {
    await resendNotification(getDb(), apiActor(req, res), req.params.id, req.params.sid);
    sendSuccess(res, { message: "Notification sent again." });
  });

  router.delete("/:id/submissions/:sid", async (req, res) => {
    await deleteSubmission(getDb(), apiActor(req, res), req.params.id, req.params.sid);
    sendSuccess(res, { message: "Submission deleted." });
  });

  router.get("/:id/submissions/:sid/files/:fileId", async (req, res) => {
    const db = getDb();
    const detail = await getSubmission(db, req.params.id, req.params.sid);
    const file = detail.files.find((f) => f.id === req.params.fileId);
    if (!file) throw new ServiceError("not_found", "This file does not exist (it may have been deleted).");
    // Every file answer is in the file store (decision 0012).
    const stored = await readStoredFile(db, file.id);
    if (!stored) throw new ServiceError("not_found", "This file does not exist (it may have been deleted).");
    const bytes = stored.bytes;
    res.status(200);
    res.setHeader("Content-Type", file.mimeType);
    res.setHeader("Content-Length", String(bytes.byteLength));
    res.setHeader("Content-Disposition", contentDisposition("attachment", file.filename, file.mimeType));
    res.setHeader("Cache-Control", "private, no-store");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });

  return router;
}
