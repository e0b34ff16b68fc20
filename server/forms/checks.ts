import { answerCheckedFields, formDataReader, validateAnswers, type Answer, type FormDefinition } from "@common/forms";
import { detectStatementType, sanitizeFilename, STATEMENT_TYPES, type StatementType } from "@common/lead";
import { FORM_LIMITS } from "@common/limits";
import type { FieldErrors } from "@common/result";
import type { FileRules, Upload } from "./public-body";

/**
 * What a public form's post must pass after the shared guard (server/forms/pipeline.ts): the
 * answers against the definition, and each uploaded file by its content. Every form is
 * checked by its definition (`answerChecks`); the Free Analysis form adds its own tested
 * schema for its core fields (server/forms/free-analysis.ts).
 */

/** A file answer that passed its checks, to be stored with the submission. */
export interface UploadedAnswerFile {
  fieldKey: string;
  filename: string;
  mimeType: string;
  bytes: Uint8Array;
}

/** A post that passed: its answers in field order (files are added once stored), its files and its source. */
export interface CheckedPost {
  answers: Answer[];
  uploads: UploadedAnswerFile[];
  /** The submission's source: "form" for a staff form; "contact" or "calculator" for Free Analysis. */
  source: string;
}

export type CheckResult = { ok: true; post: CheckedPost } | { ok: false; fieldErrors: FieldErrors };

export interface FormChecks {
  /** The form's file inputs and what a visitor reads when a body is refused. */
  files: FileRules;
  /** The source of a post held as spam (it is not checked). */
  spamSource: string;
  check(form: FormData, files: Record<string, Upload>): CheckResult;
}

/** A file answer's bytes checked by content: PDF, PNG or JPEG, not empty, within the size limit. */
export function checkUpload(upload: Upload): { mimeType: string; type: StatementType } | { error: string } {
  if (upload.bytes.byteLength === 0) return { error: "The file is empty. Please choose the file again." };
  if (upload.bytes.byteLength > FORM_LIMITS.fileBytes)
    return { error: "Files must be 10 MB or smaller. Please attach a smaller file." };
  const type = detectStatementType(upload.bytes.subarray(0, 16));
  return type
    ? { mimeType: STATEMENT_TYPES[type].mime, type }
    : { error: "Please attach a PDF, PNG or JPEG file. This file is not one of those." };
}

/**
 * The answers of the fields the definition checks (`answerCheckedFields`: every field but the
 * Free Analysis core), and their files, checked by content unless the field is already in error.
 */
export function checkByDefinition(
  definition: FormDefinition,
  form: FormData,
  files: Record<string, Upload>,
): { answers: Answer[]; uploads: UploadedAnswerFile[]; fieldErrors: FieldErrors } {
  const fields = answerCheckedFields(definition);
  const sizes = Object.fromEntries(
    Object.entries(files).map(([key, f]) => [key, { size: f.bytes.byteLength, filename: f.filename }]),
  );
  const checked = validateAnswers(fields, formDataReader(form, sizes));
  const fieldErrors: FieldErrors = checked.ok ? {} : { ...checked.fieldErrors };
  const uploads: UploadedAnswerFile[] = [];
  for (const field of fields.filter((f) => f.type === "file")) {
    const upload = files[field.key];
    if (!upload || fieldErrors[field.key]) continue;
    const file = checkUpload(upload);
    if ("error" in file) fieldErrors[field.key] = file.error;
    else
      uploads.push({
        fieldKey: field.key,
        filename: sanitizeFilename(upload.filename, file.type),
        mimeType: file.mimeType,
        bytes: upload.bytes,
      });
  }
  return { answers: checked.ok ? checked.answers : [], uploads, fieldErrors };
}

/** A staff-built form: every field checked by its definition. */
export function answerChecks(definition: FormDefinition): FormChecks {
  return {
    files: { fields: definition.fields.filter((f) => f.type === "file").map((f) => f.key) },
    spamSource: "form",
    check(form, files) {
      const { answers, uploads, fieldErrors } = checkByDefinition(definition, form, files);
      if (Object.keys(fieldErrors).length) return { ok: false, fieldErrors };
      return { ok: true, post: { answers, uploads, source: "form" } };
    },
  };
}
