import { PRIVACY_REQUEST_SYSTEM_KEY } from "@common/forms";
import { PRIVACY_VERIFY_HOURS } from "@common/privacy";
import type { DB } from "../db";
import { registerJob } from "../jobs/jobs";
import { escapeHtml, sendMail } from "../mail/mail";
import { getSiteSettings } from "../settings/settings";
import { registerSubmissionHook } from "../forms/submission-hooks";
import { PRIVACY_VERIFY_JOB, requestFromSubmission } from "./requests";
import { verificationUrl } from "./verification";

/**
 * The requester's e-mail with the confirmation link (job PRIVACY_VERIFY_JOB, committed with
 * the privacy-request form's submission, run after the commit). The payload is the request's
 * id only: the link is signed when the mail is sent, with the expiry the request was given.
 * A request erased or verified meanwhile gets no mail.
 */
export async function sendVerificationMail(db: DB, requestId: string): Promise<"sent" | "skipped"> {
  const row = await db.selectFrom("privacy_requests").selectAll().where("id", "=", requestId).executeTakeFirst();
  if (!row?.email || row.status !== "unverified") return "skipped";
  const settings = await getSiteSettings(db);
  const url = verificationUrl(row);
  const what =
    row.kind === "delete"
      ? "delete the information we hold about you"
      : "send you a copy of the information we hold about you";
  const lines = [
    "Hello,",
    "",
    `We received a request to ${what}.`,
    `To confirm that the request is yours, open this link within ${PRIVACY_VERIFY_HOURS / 24} days and press "Confirm my request":`,
    url,
    "",
    "Once you confirm, we answer within 45 days. If you did not make this request, ignore this e-mail: nothing happens without your confirmation.",
    "",
    settings.companyName,
    settings.phone,
  ];
  const html = lines
    .filter((l, i) => !(l === "" && lines[i - 1] === ""))
    .map((l) =>
      l === url
        ? `<p><a href="${escapeHtml(url)}">Confirm my privacy request</a></p>`
        : l
          ? `<p>${escapeHtml(l)}</p>`
          : "",
    )
    .join("");
  await sendMail({
    to: row.email,
    subject: `Confirm your privacy request to ${settings.companyName}`.replace(/[\r\n]+/g, " "),
    text: lines.join("\n") + "\n",
    html,
    replyTo: settings.email,
  });
  return "sent";
}

/**
 * Server start-up: the privacy-request form's hook (a request and its e-mail job with each
 * post; no contact, no webhook) and the e-mail's job.
 */
export function registerPrivacy(): void {
  registerSubmissionHook(PRIVACY_REQUEST_SYSTEM_KEY, { lead: false, stored: requestFromSubmission });
  registerJob<{ requestId: string }>(
    PRIVACY_VERIFY_JOB,
    async ({ requestId }, job) => {
      await sendVerificationMail(job.db, requestId);
    },
    { maxAttempts: 6, backoffMs: 60_000 },
  );
}
