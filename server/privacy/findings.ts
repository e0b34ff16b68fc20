import type { Selectable } from "kysely";
import type { PrivacyCounts, PrivacySearchResponse } from "@common/privacy";
import { auditNaming, type AuditRow } from "../audit/audit";
import { personActivity, personContacts } from "../contacts/person-data";
import type { DB } from "../db";
import type { ContactActivityTable, ContactsTable } from "../db/schema";
import type { StatementReviewsTable } from "../db/schema-proposals";
import type { PrivacyRequestsTable } from "../db/schema-privacy";
import { personSubmissions, type PersonSubmission } from "../forms/person-submissions";
import { personProposals, type PersonProposal } from "../proposals/person-data";
import { deliveriesNaming } from "../webhooks/person-data";

/**
 * Everything held about one person, found by e-mail address: their contact, every submission
 * that names them (spam and contact-less ones too) with its files, the contact's timeline,
 * statement reviews and proposals, the audit entries that name them, webhook deliveries whose
 * body carries the address, and their privacy requests. Each table's owner reads its part.
 */
export interface PersonData {
  email: string;
  contacts: Selectable<ContactsTable>[];
  submissions: PersonSubmission[];
  activity: Selectable<ContactActivityTable>[];
  reviews: Selectable<StatementReviewsTable>[];
  proposals: PersonProposal[];
  audit: AuditRow[];
  webhookDeliveries: Array<{ id: string; event: string; createdAt: string }>;
  requests: Selectable<PrivacyRequestsTable>[];
}

export async function findPerson(db: DB, email: string): Promise<PersonData> {
  const address = email.trim().toLowerCase();
  const contacts = await personContacts(db, address);
  const contactIds = contacts.map((c) => c.id);
  const [submissions, activity, proposals, audit, webhookDeliveries, requests] = await Promise.all([
    personSubmissions(db, address, contactIds),
    personActivity(db, contactIds),
    personProposals(db, contactIds),
    auditNaming(db, address, contactIds),
    deliveriesNaming(db, address),
    db.selectFrom("privacy_requests").selectAll().where("email", "=", address).orderBy("created_at").execute(),
  ]);
  return {
    email: address,
    contacts,
    submissions,
    activity,
    reviews: proposals.reviews,
    proposals: proposals.proposals,
    audit,
    webhookDeliveries,
    requests,
  };
}

export function countsOf(data: PersonData): PrivacyCounts {
  return {
    contacts: data.contacts.length,
    submissions: data.submissions.length,
    files: data.submissions.reduce((n, s) => n + s.files.length, 0),
    notes: data.activity.length,
    reviews: data.reviews.length,
    proposals: data.proposals.length,
    audit: data.audit.length,
    webhookDeliveries: data.webhookDeliveries.length,
    requests: data.requests.length,
  };
}

export const totalOf = (counts: PrivacyCounts) => Object.values(counts).reduce((a, b) => a + b, 0);

/** What the section shows: each group's rows, briefly, with the counts. */
export function searchResponse(data: PersonData): PrivacySearchResponse {
  const counts = countsOf(data);
  return {
    email: data.email,
    counts,
    total: totalOf(counts),
    contacts: data.contacts.map((c) => ({
      id: c.id,
      name: c.name,
      businessName: c.business_name,
      status: c.status,
      createdAt: c.created_at,
    })),
    submissions: data.submissions.map((s) => ({
      id: s.id,
      formId: s.formId,
      formName: s.formName,
      createdAt: s.createdAt,
      spam: s.spam,
      files: s.files.map((f) => ({ id: f.id, filename: f.filename, size: f.size })),
    })),
    notes: data.activity.map((a) => ({ id: a.id, kind: a.kind, createdAt: a.created_at, body: a.body })),
    reviews: data.reviews.map((r) => ({ id: r.id, statementMonth: r.statement_month, createdAt: r.created_at })),
    proposals: data.proposals.map((p) => ({
      id: p.id,
      sentTo: p.sent_to,
      createdAt: p.created_at,
      acceptedAt: p.accepted_at,
    })),
    audit: data.audit.map((a) => ({ id: a.id, action: a.action, createdAt: a.createdAt })),
    webhookDeliveries: data.webhookDeliveries,
    requests: data.requests.map((r) => ({ id: r.id, kind: r.kind, status: r.status, createdAt: r.created_at })),
  };
}
