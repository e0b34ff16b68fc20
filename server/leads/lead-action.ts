import { formDataReader, validateAnswers } from "@common/forms";
import { checkStatement, leadFormValues, sanitizeFilename, type LeadSent } from "@common/lead";
import { validateLeadForm } from "@common/lead-schema";
import { CHECK_FIELDS_MESSAGE, ServiceError, type FieldErrors } from "@common/result";
import type { DB } from "../db";
import { getFreeAnalysisForm } from "../forms/definitions";
import { FREE_ANALYSIS_CORE_KEYS } from "../forms/free-analysis";
import {
  answerPublicPost,
  checkUpload,
  echoValues,
  guardFormPost,
  storeFailed,
  type PostInfo,
} from "../forms/pipeline";
import type { UploadedAnswerFile } from "../forms/submissions";
import { kickJobs } from "../jobs/jobs";
import { LEAD_FILES } from "./lead-request";
import { createLead } from "./leads";

/**
 * POST /contact: the shared public-form front (server/forms/pipeline.ts: rate limit, body,
 * honeypot and too-fast held as spam, token), then the Free Analysis fields (the lead
 * schema plus any fields staff added), the statement's content, then the transaction.
 * Refusals are ServiceErrors, answered in the one result shape; the route action returns
 * what this returns.
 */

export { PUBLIC_FORM_RATE_WINDOW_MS as CONTACT_RATE_WINDOW_MS } from "../forms/pipeline";

export async function handleLeadPost(db: DB, request: Request, info: PostInfo) {
  const definition = await getFreeAnalysisForm(db);
  const extraFields = definition.fields.filter((f) => !FREE_ANALYSIS_CORE_KEYS.includes(f.key));
  const fileFields = ["statement", ...extraFields.filter((f) => f.type === "file").map((f) => f.key)];
  const echo = (form: FormData) => ({
    ...leadFormValues(form),
    ...echoValues(
      form,
      extraFields.map((f) => f.key),
    ),
  });
  return answerPublicPost<LeadSent>(async (post) => {
    const guarded = await guardFormPost(
      db,
      request,
      info,
      { definition, files: fileFields.length > 1 ? { fields: fileFields } : LEAD_FILES, source: "contact", echo },
      post,
    );
    if (guarded.kind === "spam") {
      // Held for staff in the spam tab; answered like a success so a bot learns nothing.
      const posted = guarded.form.get("name");
      const name = (typeof posted === "string" && posted.trim().slice(0, 200)) || "there";
      return { ok: true, data: { name, statement: false } };
    }
    const { form, files, meta } = guarded;
    const statement = files.statement;

    const valid = validateLeadForm(form);
    const fieldErrors: FieldErrors = valid.ok ? {} : { ...valid.fieldErrors };
    const sizes = Object.fromEntries(
      Object.entries(files).map(([key, f]) => [key, { size: f.bytes.byteLength, filename: f.filename }]),
    );
    const extras = validateAnswers(extraFields, formDataReader(form, sizes));
    if (!extras.ok) Object.assign(fieldErrors, extras.fieldErrors);
    const extraFiles: UploadedAnswerFile[] = [];
    for (const field of extraFields.filter((f) => f.type === "file")) {
      const upload = files[field.key];
      if (!upload || fieldErrors[field.key]) continue;
      const file = checkUpload(upload);
      if ("error" in file) fieldErrors[field.key] = file.error;
      else
        extraFiles.push({
          fieldKey: field.key,
          filename: sanitizeFilename(upload.filename, file.type),
          mimeType: file.mimeType,
          bytes: upload.bytes,
        });
    }
    let statementType;
    if (statement) {
      const checked = checkStatement(statement.bytes.byteLength, statement.bytes.subarray(0, 16));
      if ("error" in checked) fieldErrors.statement = `${checked.error} Please choose the file again.`;
      else statementType = checked.type;
    }
    if (!valid.ok || Object.keys(fieldErrors).length)
      throw new ServiceError("validation", CHECK_FIELDS_MESSAGE, fieldErrors);

    const lead = await createLead(
      db,
      valid.data,
      statement && statementType
        ? { filename: statement.filename, bytes: statement.bytes, type: statementType }
        : undefined,
      meta,
      { form: definition, extras: extras.ok ? extras.answers : [], extraFiles },
    ).catch((err: unknown) => {
      throw storeFailed(
        err,
        info,
        "lead",
        "We couldn't save your request just now. Please try again in a minute, or call us and we'll take your details by phone.",
      );
    });
    // After the commit: the staff e-mail job, committed with the lead, runs now; the
    // visitor's answer does not wait for the mail server.
    kickJobs();
    return {
      ok: true,
      data: { name: valid.data.name, statement: Boolean(lead.statementId), statementRefused: lead.statementRefused },
    };
  });
}
