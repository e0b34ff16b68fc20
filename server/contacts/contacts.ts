import crypto from "node:crypto";
import { applyProfileInput, CONTACT_STATUSES, contactInputSchema, type ContactStatus } from "@common/contacts";
import { LEAD_PROFILE_KEYS, readLeadProfile, type LeadProfile } from "@common/lead-profile";
import type { ProposalState } from "@common/proposals";
import { parseInput, ServiceError } from "@common/result";
import { writeAudit } from "../audit/audit";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";
import type { Actor } from "../auth/actor";

/**
 * Contacts: one row per person or business, deduplicated by lower-cased e-mail. This module
 * reads one contact and creates or edits them by hand; `contact-list.ts` is the list (its
 * filters, sorts and pages), `pipeline.ts` moves them along (status, owner, notes, bulk,
 * delete). Every change is audited with the contact's id as target, never its personal data.
 */

export interface ContactRow {
  id: string;
  name: string;
  businessName: string;
  email: string;
  phone: string;
  status: ContactStatus;
  source: string;
  ownerId: string | null;
  ownerName: string | null;
  submissionCount: number;
  createdAt: string;
  lastSubmittedAt: string;
  /** Proposals (decision 0043): written by setContactProposalSummary. */
  proposalState: ProposalState | null;
  proposalAnnualSavingsCents: number | null;
  /** When its oldest unanswered lead arrived (decision 0048); null: nothing waits. */
  waitingSince: string | null;
}

export interface Contact extends ContactRow {
  website: string | null;
  /** What the contact's answers (by the forms' mapping) and staff said about its card processing. */
  profile: LeadProfile;
  lostReason: string | null;
  updatedAt: string;
  firstTouch: {
    landingPage: string | null;
    referrer: string | null;
    utmSource: string | null;
    utmMedium: string | null;
    utmCampaign: string | null;
  };
}

export const contactColumns = [
  "contacts.id",
  "contacts.name",
  "contacts.business_name",
  "contacts.email",
  "contacts.phone",
  "contacts.status",
  "contacts.source",
  "contacts.owner_id",
  "user.name as owner_name",
  "contacts.submission_count",
  "contacts.created_at",
  "contacts.last_submitted_at",
  "contacts.proposal_state",
  "contacts.proposal_annual_savings_cents",
  "contacts.waiting_since",
] as const;

export const contactDetailColumns = [
  ...contactColumns,
  "user.email as owner_email",
  "contacts.website",
  "contacts.lead_profile",
  "contacts.lost_reason",
  "contacts.updated_at",
  "contacts.first_landing_page",
  "contacts.first_referrer",
  "contacts.first_utm_source",
  "contacts.first_utm_medium",
  "contacts.first_utm_campaign",
] as const;

type ListRecord = {
  id: string;
  name: string;
  business_name: string;
  email: string;
  phone: string;
  status: ContactStatus;
  source: string;
  owner_id: string | null;
  owner_name: string | null;
  submission_count: number;
  created_at: string;
  last_submitted_at: string;
  proposal_state: ProposalState | null;
  proposal_annual_savings_cents: number | null;
  waiting_since: string | null;
};

export function toContactRow(r: ListRecord): ContactRow {
  return {
    id: r.id,
    name: r.name,
    businessName: r.business_name,
    email: r.email,
    phone: r.phone,
    status: r.status,
    source: r.source,
    ownerId: r.owner_id,
    ownerName: r.owner_name,
    submissionCount: Number(r.submission_count),
    createdAt: r.created_at,
    lastSubmittedAt: r.last_submitted_at,
    proposalState: r.proposal_state,
    proposalAnnualSavingsCents:
      r.proposal_annual_savings_cents === null ? null : Number(r.proposal_annual_savings_cents),
    waitingSince: r.waiting_since ? new Date(r.waiting_since).toISOString() : null,
  };
}

export async function getContact(db: DB, id: string): Promise<Contact> {
  const r = await db
    .selectFrom("contacts")
    .leftJoin("user", "user.id", "contacts.owner_id")
    .select(contactDetailColumns)
    .where("contacts.id", "=", id)
    .executeTakeFirst();
  if (!r) throw new ServiceError("not_found", "This contact does not exist (it may have been deleted).");
  return {
    ...toContactRow(r),
    website: r.website,
    profile: readLeadProfile(r.lead_profile),
    lostReason: r.lost_reason,
    updatedAt: r.updated_at,
    firstTouch: {
      landingPage: r.first_landing_page,
      referrer: r.first_referrer,
      utmSource: r.first_utm_source,
      utmMedium: r.first_utm_medium,
      utmCampaign: r.first_utm_campaign,
    },
  };
}

export function auditFrom(actor: Actor) {
  return { actorId: actor.id, actorEmail: actor.email, ip: actor.ip ?? null, userAgent: actor.userAgent ?? null };
}

/** The acting staff member's display name (kept on notes and timeline events). */
export async function actorName(db: DB, actor: Actor): Promise<string> {
  const row = await db.selectFrom("user").select("name").where("id", "=", actor.id).executeTakeFirst();
  return row?.name || actor.email;
}

export async function addActivity(
  db: DB,
  entry: {
    contactId: string;
    kind: "note" | "status" | "owner" | "edited" | "created" | "logged";
    actor: Actor;
    actorName: string;
  },
  extra: { body?: string | null; details?: Record<string, unknown> } = {},
) {
  await db
    .insertInto("contact_activity")
    .values({
      id: crypto.randomUUID(),
      contact_id: entry.contactId,
      kind: entry.kind,
      actor_id: entry.actor.id,
      actor_name: entry.actorName,
      body: extra.body ?? null,
      details: JSON.stringify(extra.details ?? {}),
      created_at: nowIso(),
    })
    .execute();
}

function emailTaken(existingId: string) {
  return new ServiceError("conflict", "A contact with this e-mail address already exists.", {
    email: `A contact with this e-mail address already exists (contact ${existingId}).`,
  });
}

async function assertEmailFree(db: DB, email: string, except?: string) {
  let q = db.selectFrom("contacts").select("id").where("email", "=", email);
  if (except) q = q.where("id", "!=", except);
  const existing = await q.executeTakeFirst();
  if (existing) throw emailTaken(existing.id);
}

/** A contact staff add by hand (source "manual"); refused when the e-mail is already a contact. */
export async function createContact(db: DB, actor: Actor, input: unknown): Promise<{ id: string }> {
  const value = parseInput(contactInputSchema, input);
  await assertEmailFree(db, value.email);
  const id = crypto.randomUUID();
  const now = nowIso();
  const name = await actorName(db, actor);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("contacts")
      .values({
        id,
        email: value.email,
        name: value.name,
        business_name: value.businessName ?? "",
        phone: value.phone ?? "",
        website: value.website,
        status: "new",
        submission_count: 0,
        created_at: now,
        updated_at: now,
        last_submitted_at: now,
        lead_profile: JSON.stringify(applyProfileInput({}, value)),
        source: "manual",
        first_landing_page: null,
        first_referrer: null,
        first_utm_source: null,
        first_utm_medium: null,
        first_utm_campaign: null,
        owner_id: null,
        lost_reason: null,
      })
      .execute();
    await addActivity(trx, { contactId: id, kind: "created", actor, actorName: name });
    await writeAudit(trx, {
      action: "contact.created",
      target: id,
      ...auditFrom(actor),
      details: { source: "manual" },
    });
  });
  return { id };
}

/** Staff edit the contact's details (never its submissions, which stay as submitted). */
export async function updateContact(db: DB, actor: Actor, id: string, input: unknown): Promise<void> {
  const value = parseInput(contactInputSchema, input);
  const before = await getContact(db, id);
  await assertEmailFree(db, value.email, id);
  const profile = applyProfileInput(before.profile, value);
  const after = {
    name: value.name,
    business_name: value.businessName ?? "",
    email: value.email,
    phone: value.phone ?? "",
    website: value.website,
  };
  const previous: Record<keyof typeof after, string | null> = {
    name: before.name,
    business_name: before.businessName,
    email: before.email,
    phone: before.phone,
    website: before.website,
  };
  // Which fields changed (names only: the audit log keeps no personal data).
  const changed: string[] = [
    ...(Object.keys(after) as Array<keyof typeof after>).filter((k) => (previous[k] ?? "") !== (after[k] ?? "")),
    ...LEAD_PROFILE_KEYS.filter((k) => JSON.stringify(before.profile[k]) !== JSON.stringify(profile[k])),
  ];
  if (!changed.length) return;
  const name = await actorName(db, actor);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("contacts")
      .set({ ...after, lead_profile: JSON.stringify(profile), updated_at: nowIso() })
      .where("id", "=", id)
      .execute();
    await addActivity(trx, { contactId: id, kind: "edited", actor, actorName: name }, { details: { fields: changed } });
    await writeAudit(trx, { action: "contact.updated", target: id, ...auditFrom(actor), details: { fields: changed } });
  });
}

export const isContactStatus = (value: string): value is ContactStatus =>
  (CONTACT_STATUSES as readonly string[]).includes(value);
