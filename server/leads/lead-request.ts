import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
  type FileUpload,
} from "@remix-run/form-data-parser";
import { STATEMENT_SIZE_ERROR, type FieldErrors } from "@common/lead";
import { MAX_STATEMENT_BYTES } from "@common/limits";

/**
 * Reads the Free Analysis form's body with hard limits, streaming: at most one file of
 * 10 MB, a few dozen parts, a bounded total. Every way a body can be wrong maps to a status
 * and a sentence a visitor can act on.
 */

/** The whole body: the largest statement plus generous room for the text fields. */
export const MAX_LEAD_BODY_BYTES = MAX_STATEMENT_BYTES + 256 * 1024;
const MAX_PARTS = 40;
const MAX_HEADER_BYTES = 4 * 1024;

export interface LeadUpload {
  filename: string;
  declaredType: string;
  bytes: Uint8Array;
}

export type LeadRequest =
  | { ok: true; form: FormData; statement?: LeadUpload; files: Record<string, LeadUpload>; partial?: never }
  | { ok: false; status: number; message: string; fieldErrors?: FieldErrors; form?: FormData };

const FILE_SIZE_ERROR = "Files must be 10 MB or smaller. Please attach a smaller file.";
const FORM_TOO_LARGE =
  "The form is larger than we accept (files up to 10 MB). Please attach a smaller file and send it again.";
const TOO_LARGE =
  "The form is larger than we accept (statements up to 10 MB). Please attach a smaller file and send it again.";

export function isAcceptedContentType(contentType: string | null): boolean {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  return type === "multipart/form-data" || type === "application/x-www-form-urlencoded";
}

/** Which file inputs a form has (others are dropped) and the field an oversized body is reported on. */
export interface FileRules {
  fields: readonly string[];
  /** The field a "too large" error is shown beside, and its message. */
  sizeField?: string;
  sizeMessage?: string;
}

export const LEAD_FILES: FileRules = {
  fields: ["statement"],
  sizeField: "statement",
  sizeMessage: STATEMENT_SIZE_ERROR,
};

export async function readLeadRequest(request: Request, rules: FileRules = LEAD_FILES): Promise<LeadRequest> {
  const result = await readBody(request, rules);
  // A refused body may be only partly read: read the rest in the background (the answer
  // does not wait) so the connection finishes cleanly and the client sees our response.
  if (!result.ok) void discardBody(request);
  return result;
}

const MAX_DISCARD_BYTES = 64 * 1024 * 1024;

async function discardBody(request: Request): Promise<void> {
  const body = request.body;
  if (!body || body.locked) return;
  const reader = body.getReader();
  let seen = 0;
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) return;
      seen += value.byteLength;
      if (seen > MAX_DISCARD_BYTES) {
        await reader.cancel(); // far too big: drop the connection instead
        return;
      }
    }
  } catch {
    // the client went away: nothing left to read
  }
}

async function readBody(request: Request, rules: FileRules): Promise<LeadRequest> {
  const tooLarge = (): LeadRequest & { ok: false } => ({
    ok: false,
    status: 413,
    message: rules === LEAD_FILES ? TOO_LARGE : FORM_TOO_LARGE,
    fieldErrors: rules.sizeField ? { [rules.sizeField]: rules.sizeMessage ?? FILE_SIZE_ERROR } : undefined,
  });
  const contentType = request.headers.get("content-type");
  if (!isAcceptedContentType(contentType)) {
    return {
      ok: false,
      status: 415,
      message: "Please send the form from the contact page. This kind of request body is not accepted here.",
    };
  }
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > MAX_LEAD_BODY_BYTES) return tooLarge();

  const files: Record<string, LeadUpload> = {};
  const uploadHandler = async (file: FileUpload) => {
    if (!rules.fields.includes(file.fieldName)) return null; // unknown file fields are dropped
    if (file.size === 0 && !file.name) return null; // the empty file input browsers always send
    files[file.fieldName] = {
      filename: file.name,
      declaredType: file.type,
      bytes: new Uint8Array(await file.arrayBuffer()),
    };
    return null;
  };

  try {
    const form = await parseFormData(
      request,
      {
        maxFiles: Math.max(1, rules.fields.length),
        maxFileSize: MAX_STATEMENT_BYTES,
        maxParts: MAX_PARTS,
        maxHeaderSize: MAX_HEADER_BYTES,
        maxTotalSize: MAX_LEAD_BODY_BYTES,
      },
      uploadHandler,
    );
    // URL-encoded bodies are decoded leniently (bad bytes become U+FFFD): refuse those too.
    if (!contentType!.toLowerCase().startsWith("multipart/")) {
      for (const [, value] of form) {
        if (typeof value === "string" && value.includes("\uFFFD")) return classify(encodingError());
      }
    }
    return { ok: true, form, files, statement: files.statement };
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) return tooLarge();
    if (error instanceof MaxFilesExceededError && rules === LEAD_FILES) {
      const message = "Please attach one statement file only.";
      return { ok: false, status: 400, message, fieldErrors: { statement: message } };
    }
    return classify(error);
  }
}

function classify(error: unknown): LeadRequest & { ok: false } {
  if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
    return { ok: false, status: 413, message: TOO_LARGE, fieldErrors: { statement: STATEMENT_SIZE_ERROR } };
  }
  if (error instanceof MaxFilesExceededError) {
    return {
      ok: false,
      status: 400,
      message: "Please attach one file per upload field only.",
    };
  }
  if (error instanceof MaxPartsExceededError || error instanceof MaxHeaderSizeExceededError) {
    return {
      ok: false,
      status: 400,
      message: "The form had more fields than we expect. Please reload the page and send it again.",
    };
  }
  if (isEncodingError(error) || (error instanceof FormDataParseError && isEncodingError(error.cause))) {
    return {
      ok: false,
      status: 400,
      message:
        "Some of the text could not be read (it was not valid UTF-8). Please check what you typed and send it again.",
    };
  }
  if (error instanceof FormDataParseError || isMultipartError(error)) {
    return {
      ok: false,
      status: 400,
      message: "We couldn't read the form that was sent. Please reload the page and send it again.",
    };
  }
  throw error;
}

function encodingError(): TypeError {
  return Object.assign(new TypeError("invalid UTF-8"), { code: "ERR_ENCODING_INVALID_ENCODED_DATA" });
}

function isEncodingError(error: unknown): boolean {
  return error instanceof TypeError && (error as { code?: string }).code === "ERR_ENCODING_INVALID_ENCODED_DATA";
}

function isMultipartError(error: unknown): boolean {
  return error instanceof Error && error.name === "MultipartParseError";
}
