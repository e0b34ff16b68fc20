import { getConfig } from "../config";
import type { DB } from "../db";
import type { RequestInfo } from "../http/context";
import { rateLimiter, retryMessage } from "../http/rate-limit";
import { log } from "../logger";
import {
  HONEYPOT_FIELD,
  checkStatement,
  leadFormValues,
  validateLeadForm,
  type FieldErrors,
  type LeadActionResult,
  type LeadFormValues,
} from "@common/lead";
import { checkFormToken, FORM_TOKEN_MAX_AGE_MS, issueFormToken } from "./form-token";
import { readLeadRequest } from "./lead-request";
import { createLead, notifyStaffOfLead } from "./leads";

/**
 * The whole POST /contact flow, in the order the checks cost: rate limit, body shape and
 * size, honeypot, time-to-submit token, field validation, statement content, then the
 * transaction. The route action only turns the result into a response.
 */
export interface LeadPostResult {
  status: number;
  body: LeadActionResult;
  headers?: Record<string, string>;
}

export const CONTACT_RATE_WINDOW_MS = 10 * 60 * 1000;

export async function handleLeadPost(
  db: DB,
  request: Request,
  info: Pick<RequestInfo, "clientIp" | "requestId" | "closeConnection">,
): Promise<LeadPostResult> {
  const config = getConfig();
  const freshToken = () => issueFormToken(config.authSecret);
  // A valid token goes back unchanged after a field error, so correcting a field does not
  // restart the minimum time; anything else gets a fresh one.
  let keepToken: string | undefined;
  const fail = (
    status: number,
    body: { formError: string; fieldErrors?: FieldErrors; values?: LeadFormValues },
    headers?: Record<string, string>,
  ): LeadPostResult => ({
    status,
    body: { ok: false, ...body, values: { ...body.values, formToken: keepToken ?? freshToken() } },
    headers,
  });

  const limit = rateLimiter.hit(
    { name: "contact-form", limit: config.contactRateLimit, windowMs: CONTACT_RATE_WINDOW_MS },
    info.clientIp,
  );
  if (!limit.allowed) {
    log.warn("contact form rate limited", { clientIp: info.clientIp, requestId: info.requestId });
    return fail(
      429,
      {
        formError: `${retryMessage(limit.retryAfterSeconds, "requests from your connection")} Or call us: we're happy to take your details by phone.`,
      },
      { "Retry-After": String(limit.retryAfterSeconds) },
    );
  }

  const body = await readLeadRequest(request, info.closeConnection);
  if (!body.ok) {
    return fail(body.status, { formError: body.message, fieldErrors: body.fieldErrors });
  }
  const { form, statement } = body;
  const values = leadFormValues(form);
  const name = values.name?.trim() || "there";

  const honeypot = form.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    log.warn("contact form honeypot filled; nothing stored", { clientIp: info.clientIp, requestId: info.requestId });
    return { status: 200, body: { ok: true, data: { name, statement: Boolean(statement) } } };
  }

  const submittedToken = form.get("formToken");
  const token = checkFormToken(submittedToken, config.authSecret, { minAgeMs: config.contactMinSubmitMs });
  if (!token.ok) {
    return fail(400, { formError: token.message, values });
  }
  if (typeof submittedToken === "string" && token.ageMs < FORM_TOKEN_MAX_AGE_MS - 60 * 60 * 1000)
    keepToken = submittedToken;

  const valid = validateLeadForm(form);
  const fieldErrors = valid.success ? {} : { ...valid.fieldErrors };
  let statementType;
  if (statement) {
    const checked = checkStatement(statement.bytes.byteLength, statement.bytes.subarray(0, 16));
    if ("error" in checked) fieldErrors.statement = `${checked.error} Please choose the file again.`;
    else statementType = checked.type;
  }
  if (!valid.success || fieldErrors.statement) {
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
      { clientIp: info.clientIp, userAgent: request.headers.get("user-agent") },
    );
    // After the commit: the visitor's answer does not wait for the mail server.
    void notifyStaffOfLead(db, lead.submissionId);
    return {
      status: 200,
      body: { ok: true, data: { name: valid.data.name, statement: Boolean(lead.statementId) } },
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
