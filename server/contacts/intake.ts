import crypto from "node:crypto";
import { sql } from "kysely";
import type { Attribution } from "@common/attribution";
import type { LeadProfile } from "@common/lead-profile";
import { LEAD_LIMITS } from "@common/limits";
import type { DB } from "../db";

/**
 * Contacts made from what visitors send: the one place a submission creates, finds (by
 * lower-cased e-mail) or leaves a contact. A contact is kept as first submitted (decision
 * 0035): a later submission with the same e-mail links to it and moves only its count and
 * last-seen time; what each submission said stays on the submission. Forms call these
 * inside the transaction that stores the submission.
 */

/** The contact details a submission carries (by its form's contact mapping). */
export interface ContactDetails {
  email: string;
  name: string;
  businessName: string;
  phone: string;
  website: string | null;
}

/** What a submission brings to a new contact besides its details. */
export interface ContactOrigin {
  /** Where the contact first came from: a form's slug, "contact" or "calculator" (Free Analysis). */
  source: string;
  /** The lead profile its answers filled (the form's mapping). */
  profile: LeadProfile;
  /** First touch: the page the visit landed on, the referrer and the UTM tags. */
  attribution?: Partial<Attribution>;
}

const cut = (value: string | null | undefined, max: number) => (value ? value.slice(0, max) : null);

/**
 * Links a submission to the contact with its e-mail: created from these details, profile
 * and attribution when new; otherwise only its count and last-seen time move (its own
 * fields change only by staff). Pass the transaction that stores the submission.
 */
export async function linkSubmission(
  trx: DB,
  details: ContactDetails,
  origin: ContactOrigin,
  now: string,
): Promise<{ id: string; returning: boolean }> {
  const a = origin.attribution ?? {};
  const contact = await trx
    .insertInto("contacts")
    .values({
      id: crypto.randomUUID(),
      email: details.email.toLowerCase(),
      name: details.name.slice(0, LEAD_LIMITS.name),
      business_name: details.businessName.slice(0, LEAD_LIMITS.businessName),
      phone: details.phone.slice(0, LEAD_LIMITS.phone),
      website: cut(details.website, LEAD_LIMITS.website),
      status: "new",
      submission_count: 1,
      created_at: now,
      updated_at: now,
      last_submitted_at: now,
      source: origin.source.slice(0, 60),
      lead_profile: JSON.stringify(origin.profile),
      first_landing_page: cut(a.landingPage, 500),
      first_referrer: cut(a.referrer, 500),
      first_utm_source: cut(a.utmSource, 100),
      first_utm_medium: cut(a.utmMedium, 100),
      first_utm_campaign: cut(a.utmCampaign, 100),
      owner_id: null,
      lost_reason: null,
    })
    .onConflict((oc) =>
      oc.column("email").doUpdateSet({
        submission_count: sql<number>`${sql.ref("contacts.submission_count")} + 1`,
        last_submitted_at: now,
      }),
    )
    .returning(["id", "submission_count"])
    .executeTakeFirstOrThrow();
  return { id: contact.id, returning: Number(contact.submission_count) > 1 };
}

/** A submission of this contact was deleted: its count goes down by one (never below 0). */
export async function unlinkSubmission(trx: DB, contactId: string): Promise<void> {
  await trx
    .updateTable("contacts")
    .set({ submission_count: sql<number>`case when submission_count > 0 then submission_count - 1 else 0 end` })
    .where("id", "=", contactId)
    .execute();
}

/**
 * When the contact's oldest unanswered non-spam submission arrived (null: nothing waits), as
 * server/forms counts it: forms call this in the transaction that stores, restores, marks as
 * spam or deletes a submission (decision 0048). Only contacts write the contacts table.
 */
export async function setContactWaiting(trx: DB, contactId: string, since: string | null): Promise<void> {
  await trx.updateTable("contacts").set({ waiting_since: since }).where("id", "=", contactId).execute();
}

/** The contact's details as they stand (to show where a submission differs from them), with its owner. */
export async function contactSummary(db: DB, contactId: string) {
  const c = await db
    .selectFrom("contacts")
    .leftJoin("user", "user.id", "contacts.owner_id")
    .select([
      "contacts.id",
      "contacts.name",
      "contacts.business_name",
      "contacts.email",
      "contacts.phone",
      "contacts.website",
      "contacts.submission_count",
      "user.name as owner_name",
      "user.email as owner_email",
      "user.banned as owner_banned",
    ])
    .where("contacts.id", "=", contactId)
    .executeTakeFirst();
  return c
    ? {
        id: c.id,
        name: c.name,
        businessName: c.business_name,
        email: c.email,
        phone: c.phone,
        website: c.website,
        submissions: Number(c.submission_count),
        /** Its owner, unless there is none or their account is disabled. */
        owner: c.owner_email && !c.owner_banned ? { name: c.owner_name ?? c.owner_email, email: c.owner_email } : null,
      }
    : undefined;
}
