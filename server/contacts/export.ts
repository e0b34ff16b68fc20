import { CONSENT_CSV_COLUMNS, type ConsentEvidence } from "@common/consent";
import { CONTACT_STATUS_LABELS, contactFilterSchema, sourceLabel } from "@common/contacts";
import { LEAD_PROFILE, LEAD_PROFILE_KEYS, profileText, readLeadProfile, type LeadProfile } from "@common/lead-profile";
import { parseInput } from "@common/result";
import type { DB } from "../db";
import { keysetPages, type CsvColumn } from "../http/csv";
import { filteredContacts } from "./contact-list";
import type { ContactSubmissions } from "./submission-port";

/**
 * The contacts CSV: every column of the contact and its latest consent evidence, one row per
 * contact matching the list's current filter, newest first, read a page at a time by keyset on (created_at, id) so
 * 100k rows stream with flat memory (server/http/csv.ts writes them).
 */

const PAGE = 1000;

const exportColumns = [
  "contacts.id",
  "contacts.name",
  "contacts.business_name",
  "contacts.email",
  "contacts.phone",
  "contacts.website",
  "contacts.lead_profile",
  "contacts.status",
  "contacts.lost_reason",
  "user.name as owner_name",
  "user.email as owner_email",
  "contacts.source",
  "contacts.first_landing_page",
  "contacts.first_referrer",
  "contacts.first_utm_source",
  "contacts.first_utm_medium",
  "contacts.first_utm_campaign",
  "contacts.submission_count",
  "contacts.created_at",
  "contacts.updated_at",
  "contacts.last_submitted_at",
] as const;

type ExportRow = {
  id: string;
  name: string;
  business_name: string;
  email: string;
  phone: string;
  website: string | null;
  lead_profile: string;
  status: keyof typeof CONTACT_STATUS_LABELS;
  lost_reason: string | null;
  owner_name: string | null;
  owner_email: string | null;
  source: string;
  first_landing_page: string | null;
  first_referrer: string | null;
  first_utm_source: string | null;
  first_utm_medium: string | null;
  first_utm_campaign: string | null;
  submission_count: number;
  created_at: string;
  updated_at: string;
  last_submitted_at: string;
  /** The consent evidence of the contact's latest submission that has one (from server/forms). */
  consent?: ConsentEvidence;
};

/** Each row's lead profile, read once however many columns show it. */
const profiles = new WeakMap<ExportRow, LeadProfile>();
const profileOf = (row: ExportRow) => {
  let profile = profiles.get(row);
  if (!profile) profiles.set(row, (profile = readLeadProfile(row.lead_profile)));
  return profile;
};

export const contactCsvColumns: Array<CsvColumn<ExportRow>> = [
  { header: "ID", value: (r) => r.id },
  { header: "Name", value: (r) => r.name },
  { header: "Business", value: (r) => r.business_name },
  { header: "E-mail", value: (r) => r.email },
  { header: "Phone", value: (r) => r.phone },
  { header: "Website", value: (r) => r.website },
  // The lead profile, an entry a column (common/lead-profile.ts).
  ...LEAD_PROFILE_KEYS.map((key): CsvColumn<ExportRow> => ({
    header: LEAD_PROFILE[key].label,
    value: (r) => profileText(key, profileOf(r)),
  })),
  { header: "Status", value: (r) => CONTACT_STATUS_LABELS[r.status] ?? r.status },
  { header: "Lost reason", value: (r) => r.lost_reason },
  { header: "Owner", value: (r) => r.owner_name },
  { header: "Owner e-mail", value: (r) => r.owner_email },
  { header: "Source", value: (r) => sourceLabel(r.source) },
  { header: "First landing page", value: (r) => r.first_landing_page },
  { header: "First referrer", value: (r) => r.first_referrer },
  { header: "UTM source", value: (r) => r.first_utm_source },
  { header: "UTM medium", value: (r) => r.first_utm_medium },
  { header: "UTM campaign", value: (r) => r.first_utm_campaign },
  { header: "Submissions", value: (r) => Number(r.submission_count) },
  { header: "Created (UTC)", value: (r) => r.created_at },
  { header: "Updated (UTC)", value: (r) => r.updated_at },
  { header: "Last submission (UTC)", value: (r) => r.last_submitted_at },
  // The latest consent evidence (decision 0049), empty for a contact without one.
  ...CONSENT_CSV_COLUMNS.map((column): CsvColumn<ExportRow> => ({
    header: column.header,
    value: (r) => (r.consent ? column.value(r.consent) : ""),
  })),
];

/** The rows of the export for a filter from the query string (validated like the list's). */
export function contactCsvRows(
  db: DB,
  input: unknown,
  me: string,
  submissions: ContactSubmissions,
): AsyncIterable<ExportRow> {
  const filter = parseInput(contactFilterSchema, input, "Please correct the filters.");
  return keysetPages<ExportRow>(async (after) => {
    let q = filteredContacts(db, filter, me).leftJoin("user", "user.id", "contacts.owner_id").select(exportColumns);
    // A row-value comparison, which both databases answer from the (created_at, id) index.
    if (after)
      q = q.where((eb) =>
        eb(eb.refTuple("contacts.created_at", "contacts.id"), "<", eb.tuple(after.created_at, after.id)),
      );
    const rows = (await q
      .orderBy("contacts.created_at", "desc")
      .orderBy("contacts.id", "desc")
      .limit(PAGE)
      .execute()) as ExportRow[];
    const consent = await submissions.latestConsent(
      db,
      rows.map((r) => r.id),
    );
    for (const row of rows) row.consent = consent.get(row.id);
    return rows;
  }, PAGE);
}
