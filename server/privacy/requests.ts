import crypto from "node:crypto";
import type { Selectable } from "kysely";
import { PRIVACY_REQUEST_CHOICES, type Answer } from "@common/forms";
import type { PrivacyRequestKind, PrivacyRequestsResponse, PrivacyRequestSummary } from "@common/privacy";
import { ServiceError } from "@common/result";
import { writeAuditBy } from "../audit/audit";
import type { Actor } from "../auth/actor";
import { actorName } from "../contacts/contacts";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";
import type { PrivacyRequestsTable } from "../db/schema-privacy";
import { enqueueJob } from "../jobs/jobs";
import { linkExpiry, oldestLiveLink } from "./verification";

/**
 * Privacy requests (decision 0050), the one writer of `privacy_requests`. The privacy-request
 * form's post (the one pipeline, server/forms) makes one, unverified, and commits with it a
 * job that e-mails the requester a signed link (./verification.ts). Confirming on the page it
 * opens verifies the request: it is then due PRIVACY_DUE_DAYS later, and staff mark it done.
 */

export const PRIVACY_VERIFY_JOB = "privacy.verify-mail";

type Row = Selectable<PrivacyRequestsTable>;

/** The kind the form's "request" answer chose. */
function kindOf(answers: Answer[]): PrivacyRequestKind {
  const choice = answers.find((a) => a.key === "request")?.value;
  return choice === PRIVACY_REQUEST_CHOICES.delete ? "delete" : "access";
}

/** The privacy-request form's hook (registered by the composition): the request and its e-mail job, in the submission's transaction. */
export async function requestFromSubmission(
  trx: DB,
  submission: { id: string; answers: Answer[]; email: string },
): Promise<void> {
  const id = crypto.randomUUID();
  await trx
    .insertInto("privacy_requests")
    .values({
      id,
      submission_id: submission.id,
      email: submission.email,
      kind: kindOf(submission.answers),
      status: "unverified",
      created_at: nowIso(),
      verified_at: null,
      due_at: null,
      done_at: null,
      done_by_name: null,
      erased_at: null,
    })
    .execute();
  await enqueueJob(trx, PRIVACY_VERIFY_JOB, { requestId: id }, { key: `${PRIVACY_VERIFY_JOB}:${id}` });
}

const toSummary = (r: Row): PrivacyRequestSummary => ({
  id: r.id,
  kind: r.kind,
  status: r.status,
  email: r.email,
  createdAt: r.created_at,
  verifiedAt: r.verified_at,
  dueAt: r.due_at,
  doneAt: r.done_at,
  doneByName: r.done_by_name,
  erasedAt: r.erased_at,
  linkExpiresAt: linkExpiry(r).toISOString(),
});

export async function listRequests(db: DB, now = new Date()): Promise<PrivacyRequestsResponse> {
  const [open, unverified, done] = await Promise.all([
    db.selectFrom("privacy_requests").selectAll().where("status", "=", "open").orderBy("due_at").limit(500).execute(),
    // Links that still work (older unverified requests are of no use to staff).
    db
      .selectFrom("privacy_requests")
      .selectAll()
      .where("status", "=", "unverified")
      .where("created_at", ">", oldestLiveLink(now).toISOString())
      .orderBy("created_at", "desc")
      .limit(200)
      .execute(),
    db
      .selectFrom("privacy_requests")
      .selectAll()
      .where("status", "=", "done")
      .orderBy("done_at", "desc")
      .limit(50)
      .execute(),
  ]);
  return { open: open.map(toSummary), unverified: unverified.map(toSummary), done: done.map(toSummary) };
}

export async function getRequest(db: DB, id: string): Promise<PrivacyRequestSummary> {
  const row = await db.selectFrom("privacy_requests").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new ServiceError("not_found", "This privacy request does not exist.");
  return toSummary(row);
}

/** Staff answered a verified request: done, by whom, audited (its id and kind only). */
export async function markDone(db: DB, actor: Actor, id: string): Promise<void> {
  const request = await getRequest(db, id);
  if (request.status === "unverified")
    throw new ServiceError("conflict", "This request is not confirmed by the requester yet, so it cannot be done.");
  if (request.status === "done") throw new ServiceError("conflict", "This request is already marked done.");
  const name = await actorName(db, actor);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("privacy_requests")
      .set({ status: "done", done_at: nowIso(), done_by_name: name })
      .where("id", "=", id)
      .execute();
    await writeAuditBy(trx, actor, { action: "privacy.request_done", target: id, details: { kind: request.kind } });
  });
}

/** On erasure: the person's requests keep only that they were made and handled (no e-mail, no submission). */
export async function forgetRequester(trx: DB, email: string): Promise<number> {
  const result = await trx
    .updateTable("privacy_requests")
    .set({ email: null, submission_id: null, erased_at: nowIso() })
    .where("email", "=", email.toLowerCase())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
