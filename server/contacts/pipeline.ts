import {
  bulkChangeSchema,
  CONTACT_STATUS_LABELS,
  isClosedStatus,
  noteSchema,
  ownerChangeSchema,
  statusChangeSchema,
  type ContactStatus,
} from "@common/contacts";
import { parseInput, ServiceError } from "@common/result";
import { writeAudit } from "../audit/audit";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";
import type { Actor } from "../auth/actor";
import { kickJobs } from "../jobs/jobs";
import { emitEvent } from "../webhooks/deliveries";
import { actorName, addActivity, auditFrom, getContact } from "./contacts";
import { recordResponse } from "./response";
import { eraseContactRows } from "./person-data";
import type { ContactSubmissions } from "./submission-port";

/**
 * Moving contacts along the pipeline: status (a lost one with its reason), owner, notes,
 * the same change for many at once, and erasure. Each change writes a timeline event on
 * the contact and an audit row (target: the contact's id; no personal data); a note, a
 * status change and an owner assignment are the first response to what waits (response.ts).
 */

async function ownerLabel(db: DB, ownerId: string | null): Promise<string | null> {
  if (!ownerId) return null;
  const owner = await db.selectFrom("user").select(["name", "banned"]).where("id", "=", ownerId).executeTakeFirst();
  if (!owner)
    throw new ServiceError("validation", "Choose a staff member from the list.", {
      ownerId: "That staff member does not exist.",
    });
  return owner.name;
}

interface Change {
  status?: ContactStatus;
  lostReason?: string | null;
  ownerId?: string | null;
}

/** Applies a status and/or owner change to one contact, inside a transaction; false when nothing changed. */
async function applyChange(
  db: DB,
  actor: Actor,
  name: string,
  id: string,
  change: Change,
  ownerName: string | null,
  submissions: ContactSubmissions,
): Promise<boolean> {
  const before = await db
    .selectFrom("contacts")
    .select(["status", "owner_id", "lost_reason", "name", "email", "business_name"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!before) return false;
  const now = nowIso();
  let changed = false;
  let statusChanged = false;
  if (
    change.status &&
    (change.status !== before.status || (change.status === "lost" && change.lostReason !== before.lost_reason))
  ) {
    const lostReason = change.status === "lost" ? (change.lostReason ?? null) : null;
    await db
      .updateTable("contacts")
      .set({
        status: change.status,
        lost_reason: lostReason,
        updated_at: now,
        // Closed (customer or lost) since now; open again: not closed. Customer to lost stays closed since then.
        ...(isClosedStatus(change.status) !== isClosedStatus(before.status)
          ? { closed_at: isClosedStatus(change.status) ? now : null }
          : {}),
      })
      .where("id", "=", id)
      .execute();
    statusChanged = true;
    const details = { from: before.status, to: change.status };
    await addActivity(db, { contactId: id, kind: "status", actor, actorName: name }, { body: lostReason, details });
    await writeAudit(db, { action: "contact.status_changed", target: id, ...auditFrom(actor), details });
    // The outgoing webhooks subscribed to it, committed with the change (sent after it: kickJobs).
    await emitEvent(db, "contact.status_changed", {
      contactId: id,
      name: before.name,
      email: before.email,
      businessName: before.business_name || null,
      from: before.status,
      to: change.status,
      changedBy: actor.email,
    });
    changed = true;
  }
  if (change.ownerId !== undefined && change.ownerId !== before.owner_id) {
    await db.updateTable("contacts").set({ owner_id: change.ownerId, updated_at: now }).where("id", "=", id).execute();
    const details = { from: before.owner_id, to: change.ownerId, toName: ownerName };
    await addActivity(db, { contactId: id, kind: "owner", actor, actorName: name }, { details });
    await writeAudit(db, {
      action: "contact.owner_changed",
      target: id,
      ...auditFrom(actor),
      details: { from: before.owner_id, to: change.ownerId },
    });
    changed = true;
  }
  // A status change or an assignment to someone answers what waits (removing the owner does not).
  const kind = statusChanged ? "status" : change.ownerId && changed ? "owner" : null;
  if (kind) await recordResponse(db, submissions, id, actor, name, kind);
  return changed;
}

export async function setStatus(
  db: DB,
  actor: Actor,
  id: string,
  input: unknown,
  submissions: ContactSubmissions,
): Promise<string> {
  const change = parseInput(statusChangeSchema, input);
  await getContact(db, id);
  const name = await actorName(db, actor);
  const changed = await db.transaction().execute((trx) => applyChange(trx, actor, name, id, change, null, submissions));
  if (changed) kickJobs();
  const label = CONTACT_STATUS_LABELS[change.status];
  return changed ? `Status changed to ${label}.` : `Already ${label}.`;
}

export async function setOwner(
  db: DB,
  actor: Actor,
  id: string,
  input: unknown,
  submissions: ContactSubmissions,
): Promise<string> {
  const { ownerId } = parseInput(ownerChangeSchema, input);
  await getContact(db, id);
  const owner = await ownerLabel(db, ownerId);
  const name = await actorName(db, actor);
  const changed = await db
    .transaction()
    .execute((trx) => applyChange(trx, actor, name, id, { ownerId }, owner, submissions));
  if (!changed) return owner ? `Already assigned to ${owner}.` : "Already unassigned.";
  return owner ? `Assigned to ${owner}.` : "Owner removed.";
}

export async function addNote(
  db: DB,
  actor: Actor,
  id: string,
  input: unknown,
  submissions: ContactSubmissions,
): Promise<void> {
  const { body } = parseInput(noteSchema, input);
  await getContact(db, id);
  const name = await actorName(db, actor);
  await db.transaction().execute(async (trx) => {
    await addActivity(trx, { contactId: id, kind: "note", actor, actorName: name }, { body });
    await trx.updateTable("contacts").set({ updated_at: nowIso() }).where("id", "=", id).execute();
    await writeAudit(trx, { action: "contact.note_added", target: id, ...auditFrom(actor) });
    await recordResponse(trx, submissions, id, actor, name, "note");
  });
}

/** The same status and/or owner change for up to CONTACT_LIMITS.bulk contacts, all or nothing. */
export async function bulkChange(
  db: DB,
  actor: Actor,
  input: unknown,
  submissions: ContactSubmissions,
): Promise<{ changed: number; missing: number }> {
  const value = parseInput(bulkChangeSchema, input);
  const owner = value.ownerId !== undefined ? await ownerLabel(db, value.ownerId) : null;
  const name = await actorName(db, actor);
  const ids = [...new Set(value.ids)];
  const result = await db.transaction().execute(async (trx) => {
    let changed = 0;
    let found = 0;
    const existing = new Set(
      (await trx.selectFrom("contacts").select("id").where("id", "in", ids).execute()).map((r) => r.id),
    );
    for (const id of ids) {
      if (!existing.has(id)) continue;
      found += 1;
      if (await applyChange(trx, actor, name, id, value, owner, submissions)) changed += 1;
    }
    return { changed, missing: ids.length - found };
  });
  if (result.changed) kickJobs();
  return result;
}

/** What erasing a contact removes (for the confirmation and the audit row). */
export async function erasureSummary(
  db: DB,
  id: string,
  submissions: ContactSubmissions,
): Promise<{ submissions: number; files: number; notes: number }> {
  const [counted, notes] = await Promise.all([
    submissions.count(db, id),
    db
      .selectFrom("contact_activity")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("contact_id", "=", id)
      .where("kind", "=", "note")
      .executeTakeFirst(),
  ]);
  return { submissions: counted.submissions, files: counted.files, notes: Number(notes?.n ?? 0) };
}

/**
 * Erases a contact (a privacy request): its submissions with their files (statements and
 * every other upload, in the file store), notes and timeline, in one transaction. The
 * audit row names only the contact's id and what was counted.
 */
export async function deleteContact(
  db: DB,
  actor: Actor,
  id: string,
  submissions: ContactSubmissions,
): Promise<{ submissions: number; files: number }> {
  await getContact(db, id);
  const summary = await erasureSummary(db, id, submissions);
  await db.transaction().execute(async (trx) => {
    await submissions.erase(trx, id);
    await eraseContactRows(trx, [id]);
    await writeAudit(trx, { action: "contact.deleted", target: id, ...auditFrom(actor), details: summary });
  });
  return { submissions: summary.submissions, files: summary.files };
}
