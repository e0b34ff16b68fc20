import crypto from "node:crypto";
import { describeCounts, privacyEraseSchema, type PrivacyCounts } from "@common/privacy";
import { parseInput, ServiceError } from "@common/result";
import { redactAuditNaming, writeAuditBy } from "../audit/audit";
import type { Actor } from "../auth/actor";
import { unlinkSubmission } from "../contacts/intake";
import { eraseContactRows } from "../contacts/person-data";
import type { DB } from "../db";
import { eraseSubmissions } from "../forms/person-submissions";
import { deleteJobsNaming } from "../jobs/jobs";
import { eraseProposals } from "../proposals/person-data";
import { eraseDeliveriesNaming } from "../webhooks/person-data";
import { countsOf, findPerson, totalOf } from "./findings";
import { forgetRequester } from "./requests";

export interface Erased {
  /** The audit entry's target: the privacy request's id, or a fresh id for an erasure without one. */
  requestId: string;
  counts: PrivacyCounts;
  message: string;
}

/**
 * Erases everything held about one person (a privacy request), in one transaction: their
 * proposals and reviews, every submission that names them with its files (the file store's
 * bytes too), their contact with its timeline (the contacts' erase, extended), the webhook
 * deliveries and jobs whose stored text names the address; the audit entries that named them
 * keep what was done but say "[erased]" instead of the address, and their privacy requests
 * keep only that they were made and handled. The erasure's own audit entry holds counts and
 * the request's id, no personal data. Refused when what was found changed since staff
 * confirmed (`expectedTotal`), so the confirmation's counts are what goes.
 */
export async function erasePerson(db: DB, actor: Actor, input: unknown): Promise<Erased> {
  const { email, requestId: given, expectedTotal } = parseInput(privacyEraseSchema, input);
  return db.transaction().execute(async (trx) => {
    const data = await findPerson(trx, email);
    const counts = countsOf(data);
    if (totalOf(counts) !== expectedTotal)
      throw new ServiceError(
        "conflict",
        "What we hold about this person changed since you looked (a new submission, perhaps). Look them up again, then erase.",
      );
    const contactIds = data.contacts.map((c) => c.id);
    await eraseProposals(trx, contactIds);
    await eraseSubmissions(
      trx,
      data.submissions.map((s) => s.id),
    );
    // A submission of someone else's contact that named them (in an answer): that contact counts one less.
    for (const s of data.submissions)
      if (s.contactId && !contactIds.includes(s.contactId)) await unlinkSubmission(trx, s.contactId);
    await eraseContactRows(trx, contactIds);
    const requestIds = data.requests.map((r) => r.id);
    await forgetRequester(trx, email);
    await eraseDeliveriesNaming(trx, email);
    await deleteJobsNaming(trx, email);
    await redactAuditNaming(trx, email);
    const requestId = given && requestIds.includes(given) ? given : (requestIds.at(-1) ?? crypto.randomUUID());
    const message = `Erased ${describeCounts(counts)}.`;
    await writeAuditBy(trx, actor, {
      action: "privacy.erased",
      target: requestId,
      details: { summary: message, ...counts },
    });
    return { requestId, counts, message };
  });
}
