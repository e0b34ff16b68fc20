import type { FirstResponseKind } from "@common/response-clock";
import { logTouchSchema } from "@common/response-clock";
import { parseInput } from "@common/result";
import { writeAudit } from "../audit/audit";
import type { Actor } from "../auth/actor";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";
import { actorName, addActivity, auditFrom, getContact } from "./contacts";
import type { ContactSubmissions } from "./submission-port";

/**
 * The first response (decision 0048): a staff action on a contact (a note, a status change,
 * an owner assignment, a logged call or e-mail) answers every unanswered non-spam submission
 * of it that arrived before. The submissions are server/forms' (written through the port);
 * the contact's `waiting_since` is ours.
 */
export async function recordResponse(
  trx: DB,
  submissions: ContactSubmissions,
  contactId: string,
  actor: Actor,
  name: string,
  kind: FirstResponseKind,
): Promise<void> {
  const { waitingSince } = await submissions.recordFirstResponse(trx, contactId, {
    at: nowIso(),
    by: actor.id,
    byName: name,
    kind,
  });
  await trx.updateTable("contacts").set({ waiting_since: waitingSince }).where("id", "=", contactId).execute();
}

/**
 * "Logged a call" / "Logged an e-mail": staff reached the contact outside the site. A
 * timeline entry, an audit row (the channel only) and, like any staff action, the first
 * response of what waits.
 */
export async function logTouch(
  db: DB,
  actor: Actor,
  id: string,
  input: unknown,
  submissions: ContactSubmissions,
): Promise<string> {
  const { channel } = parseInput(logTouchSchema, input);
  await getContact(db, id);
  const name = await actorName(db, actor);
  await db.transaction().execute(async (trx) => {
    await addActivity(trx, { contactId: id, kind: "logged", actor, actorName: name }, { details: { channel } });
    await trx.updateTable("contacts").set({ updated_at: nowIso() }).where("id", "=", id).execute();
    await writeAudit(trx, { action: "contact.touch_logged", target: id, ...auditFrom(actor), details: { channel } });
    await recordResponse(trx, submissions, id, actor, name, channel);
  });
  return channel === "call" ? "Call logged." : "E-mail logged.";
}
