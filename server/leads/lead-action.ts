import { formDataReader, validateAnswers } from "@common/forms";
import { getConfig } from "../config";
import type { DB } from "../db";
import { getFreeAnalysisForm } from "../forms/definitions";
import { FREE_ANALYSIS_CORE_KEYS } from "../forms/free-analysis";
import { checkUpload, echoValues, guardFormPost } from "../forms/pipeline";
import type { UploadedAnswerFile } from "../forms/submissions";
import type { RequestInfo } from "../http/context";
import { log } from "../logger";
import {
  checkStatement,
  leadFormValues,
  sanitizeFilename,
  validateLeadForm,
  type FieldErrors,
  type LeadActionResult,
  type LeadFormValues,
} from "@common/lead";
import { issueFormToken } from "./form-token";
import { LEAD_FILES } from "./lead-request";
import { kickJobs } from "../jobs/jobs";
import { createLead } from "./leads";

/**
 * POST /contact: the shared public-form front (server/forms/pipeline.ts: rate limit, body,
 * honeypot and too-fast held as spam, token), then the Free Analysis fields (the lead
 * schema plus any fields staff added), the statement's content, then the transaction. The
 * route action only turns the result into a response.
 */
export interface LeadPostResult {
  status: number;
  body: LeadActionResult;
  headers?: Record<string, string>;
}

export { PUBLIC_FORM_RATE_WINDOW_MS as CONTACT_RATE_WINDOW_MS } from "../forms/pipeline";

export async function handleLeadPost(
  db: DB,
  request: Request,
  info: Pick<RequestInfo, "clientIp" | "requestId" | "closeConnection">,
): Promise<LeadPostResult> {
  const config = getConfig();
  const freshToken = () => issueFormToken(config.authSecret);
  // A valid token goes back unchanged after a field error, so correcting a field does not
  // restart the minimum time; anything else gets a fresh one.
  const kept: { token?: string } = {};
  const fail = (
    status: number,
    body: { formError: string; fieldErrors?: FieldErrors; values?: LeadFormValues },
    headers?: Record<string, string>,
  ): LeadPostResult => ({
    status,
    body: { ok: false, ...body, values: { ...body.values, formToken: kept.token ?? freshToken() } },
    headers,
  });

  const definition = await getFreeAnalysisForm(db);
  const extraFields = definition.fields.filter((f) => !FREE_ANALYSIS_CORE_KEYS.includes(f.key));
  const fileFields = ["statement", ...extraFields.filter((f) => f.type === "file").map((f) => f.key)];
  const guarded = await guardFormPost(
    db,
    request,
    info,
    definition,
    fileFields.length > 1 ? { fields: fileFields } : LEAD_FILES,
    "contact",
  );
  if (guarded.kind === "refused") {
    return fail(
      guarded.status,
      {
        formError: guarded.formError,
        fieldErrors: guarded.fieldErrors as FieldErrors,
        values: guarded.form ? leadFormValues(guarded.form) : undefined,
      },
      guarded.headers,
    );
  }
  if (guarded.kind === "spam") {
    // Held for staff in the spam tab; answered like a success so a bot learns nothing.
    const name = leadFormValues(guarded.form).name?.trim() || "there";
    return { status: 200, body: { ok: true, data: { name, statement: false } } };
  }
  const { form, files, meta } = guarded;
  kept.token = guarded.keepToken;
  const statement = files.statement;
  const values = {
    ...leadFormValues(form),
    ...echoValues(
      form,
      extraFields.map((f) => f.key),
    ),
  } as LeadFormValues;

  const valid = validateLeadForm(form);
  const fieldErrors: Record<string, string> = valid.success ? {} : { ...valid.fieldErrors };
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
        filename: sanitizeFilename(upload.filename),
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
  if (!valid.success || Object.keys(fieldErrors).length) {
    return fail(400, {
      formError: "Please correct the highlighted fields and send the form again.",
      fieldErrors,
      values,
    });
  }

  try {
    const lead = await createLead(
      db,
      valid.data,
      statement && statementType
        ? { filename: statement.filename, bytes: statement.bytes, type: statementType }
        : undefined,
      meta,
      { form: definition, extras: extras.ok ? extras.answers : [], extraFiles },
    );
    // After the commit: the staff e-mail job, committed with the lead, runs now; the
    // visitor's answer does not wait for the mail server.
    kickJobs();
    return {
      status: 200,
      body: {
        ok: true,
        data: { name: valid.data.name, statement: Boolean(lead.statementId), statementRefused: lead.statementRefused },
      },
    };
  } catch (err) {
    log.error("lead could not be stored", { err, requestId: info.requestId });
    return fail(500, {
      formError:
        "We couldn't save your request just now. Please try again in a minute, or call us and we'll take your details by phone.",
      values,
    });
  }
}
