import { MaxFileSizeExceededError } from "@remix-run/form-data-parser";
import { MAX_STATEMENT_BYTES } from "@common/limits";
import { ServiceError } from "@common/result";
import { BODY_MESSAGES, BodyError, mediaType, readForm } from "../http/body";

/**
 * Reads a public form's body with hard limits, streaming: at most one file of 10 MB per file
 * field, a few dozen parts, a bounded total. Every way a body can be wrong is a ServiceError
 * (its code gives the status) with a sentence a visitor can act on.
 */

/** The whole body: the largest file plus generous room for the text fields. */
export const MAX_PUBLIC_FORM_BODY_BYTES = MAX_STATEMENT_BYTES + 256 * 1024;

export interface Upload {
  filename: string;
  declaredType: string;
  bytes: Uint8Array;
}

export interface PublicFormBody {
  form: FormData;
  files: Record<string, Upload>;
}

export function isAcceptedContentType(contentType: string | null): boolean {
  const type = mediaType(contentType);
  return type === "multipart/form-data" || type === "application/x-www-form-urlencoded";
}

/** Which file inputs a form has (others are dropped) and what a visitor reads when a body is refused. */
export interface FileRules {
  fields: readonly string[];
  /** The field a "too large" error is shown beside, and its message. */
  sizeField?: string;
  sizeMessage?: string;
  /** The form's own sentences for a body that is too large, and for two files in one field. */
  tooLargeMessage?: string;
  oneFileMessage?: string;
}

const FORM_TOO_LARGE =
  "The form is larger than we accept (files up to 10 MB). Please attach a smaller file and send it again.";
const FILE_SIZE_ERROR = "Files must be 10 MB or smaller. Please attach a smaller file.";

/**
 * A public form through the one body reader (server/http/body.ts) with the upload's larger
 * limit: one file per file field of the form. A refused body may be only partly read:
 * `closeConnection` ends the connection after the answer instead of reading the rest.
 * Throws a ServiceError (415, 413 or 400) for a body it refuses.
 */
export async function readPublicFormBody(
  request: Request,
  rules: FileRules,
  closeConnection?: () => void,
): Promise<PublicFormBody> {
  if (!isAcceptedContentType(request.headers.get("content-type"))) {
    closeConnection?.();
    throw new ServiceError(
      "unsupported_media_type",
      "Please send the form from its page. This kind of request body is not accepted here.",
    );
  }
  const files: Record<string, Upload> = {};
  try {
    const form = await readForm(request, {
      limit: MAX_PUBLIC_FORM_BODY_BYTES,
      files: {
        maxFiles: Math.max(1, rules.fields.length),
        maxFileSize: MAX_STATEMENT_BYTES,
        onFile: async (file) => {
          if (!rules.fields.includes(file.fieldName)) return; // unknown file fields are dropped
          files[file.fieldName] = {
            filename: file.name,
            declaredType: file.type,
            bytes: new Uint8Array(await file.arrayBuffer()),
          };
        },
      },
    });
    return { form, files };
  } catch (error) {
    closeConnection?.();
    if (error instanceof MaxFileSizeExceededError || (error instanceof BodyError && error.status === 413))
      throw new ServiceError(
        "payload_too_large",
        rules.tooLargeMessage ?? FORM_TOO_LARGE,
        rules.sizeField ? { [rules.sizeField]: rules.sizeMessage ?? FILE_SIZE_ERROR } : undefined,
      );
    if (
      error instanceof BodyError &&
      error.message === BODY_MESSAGES.oneFile &&
      rules.oneFileMessage &&
      rules.sizeField
    )
      throw new ServiceError("bad_request", rules.oneFileMessage, { [rules.sizeField]: rules.oneFileMessage });
    throw error;
  }
}
