import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MONTHLY_VOLUMES, PAYMENT_METHODS } from "@common/lead";
import { readLeadProfile } from "@common/lead-profile";
import type { Answer } from "@common/forms";
import { migrateToLatest } from "@server/db";
import { consentVersionOf } from "@server/forms/consent";
import { contactSubmissions } from "@server/forms/contact-submissions";
import { getSubmission, listSubmissions } from "@server/forms/inbox";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";
import { BEFORE, fillAsTheLastRelease, L, migrateTo, type Row } from "../support/last-release-data";

/**
 * Migration 0050 (one submissions table) on a database the release before it built and used
 * (tests/support/last-release-data.ts: the migrator stops at 0045, the data is what that
 * release's code wrote): 0050 runs and every row is compared field by field with what it
 * became, on SQLite and PostgreSQL; then the migrated rows are served to staff.
 */

const snapshot = async (db: Kysely<any>, table: string) =>
  (await db.selectFrom(table).selectAll().orderBy("id").execute()) as Row[];

/** The column values a Free Analysis request had, read back from its answers. */
function leadColumnsFrom(answers: Answer[]) {
  const value = (key: string) => answers.find((a) => a.key === key)?.value;
  const volume = value("monthlyVolume");
  const methods = value("paymentMethods");
  const ticket = value("averageTicket");
  const figures = ["calcVolume", "calcTransactions", "calcFees"].map((k) => value(k));
  return {
    monthly_volume:
      typeof volume === "string" ? (MONTHLY_VOLUMES.find((m) => m.label === volume)?.value ?? volume) : "",
    average_ticket_cents: typeof ticket === "number" ? Math.round(ticket * 100) : null,
    current_processor: (value("currentProcessor") as string | null | undefined) ?? null,
    payment_methods: JSON.stringify(
      (Array.isArray(methods) ? methods : []).map((m) => PAYMENT_METHODS.find((p) => p.label === m)?.value ?? m),
    ),
    message: (value("message") as string | null | undefined) ?? null,
    calculator_inputs: figures.some((f) => f !== undefined)
      ? JSON.stringify({ volume: figures[0] ?? null, transactions: figures[1] ?? null, fees: figures[2] ?? null })
      : null,
  };
}

const KEPT = [
  "id",
  "contact_id",
  "name",
  "business_name",
  "email",
  "phone",
  "website",
  "source",
  "client_ip",
  "user_agent",
  "created_at",
  "notify_status",
  "notified_at",
  "notify_attempts",
  "notify_last_attempt_at",
  "notify_error",
  "spam_reason",
  "read_at",
  "landing_page",
  "referrer",
  "utm_source",
  "utm_medium",
  "utm_campaign",
];

describe.each(dbKinds())("migration 0050 (one submissions table) on %s", (kind) => {
  let t: TestDatabase;
  let seeded: Awaited<ReturnType<typeof fillAsTheLastRelease>>;
  const before: Record<string, Row[]> = {};

  beforeAll(async () => {
    t = await createTestDatabase(kind, { migrate: false });
    const db = t.db as unknown as Kysely<any>;
    await migrateTo(db, BEFORE);
    seeded = await fillAsTheLastRelease(db, kind === "postgres");
    for (const table of ["lead_submissions", "lead_statements", "submission_files", "contacts", "jobs", "stored_files"])
      before[table] = await snapshot(db, table);
    // The move runs first; the migrations after it (analytics, proposals, webhooks) add tables only.
    expect((await migrateToLatest(t.db))[0]).toBe("0050-one-submissions-table");
  });
  afterAll(() => t?.cleanup());

  const after = (table: string) => snapshot(t.db as unknown as Kysely<any>, table);

  it("keeps every submission with every column it had, the form it came through and the file note", async () => {
    const rows = await after("submissions");
    const stored = await (t.db as unknown as Kysely<any>).selectFrom("consent_texts").selectAll().execute();
    const texts = new Map(stored.map((r) => [r.version as string, r.text as string]));
    expect(rows.map((r) => r.id)).toEqual(before.lead_submissions!.map((r) => r.id));
    for (const old of before.lead_submissions!) {
      const row = rows.find((r) => r.id === old.id)!;
      for (const column of KEPT) expect(row[column], `${column} of ${old.source}`).toEqual(old[column]);
      expect(Boolean(row.spam)).toBe(Boolean(old.spam));
      expect(Boolean(row.consent)).toBe(Boolean(old.consent));
      expect(row.file_note).toBe(old.statement_note);
      // Migration 0075 (decision 0049) names the consent text the answers carry by its version.
      const consent = (JSON.parse(row.answers) as Answer[]).find((a) => a.type === "consent");
      expect(row.consent_version).toBe(consent ? consentVersionOf(consent.label) : "");
      if (consent) expect(texts.get(row.consent_version)).toBe(consent.label);
      // Filed under its form; the one stored before forms existed under Free Analysis.
      expect(row.form_id).toBe(old.form_id ?? seeded.fa);
    }
  });

  it("turns the Free Analysis columns into answers, from which each reads back as it was", async () => {
    const rows = await after("submissions");
    for (const old of before.lead_submissions!.filter((r) => r.source !== "form")) {
      const answers = JSON.parse(rows.find((r) => r.id === old.id)!.answers) as Answer[];
      const columns = {
        monthly_volume: old.monthly_volume,
        average_ticket_cents: old.average_ticket_cents,
        current_processor: old.current_processor,
        payment_methods: old.payment_methods,
        message: old.message,
        calculator_inputs: old.calculator_inputs,
      };
      // Spam kept what was posted in its answers; of the columns, it filled the volume and the
      // message only (the others held placeholders, and the answers say more).
      if (old.spam)
        expect(leadColumnsFrom(answers)).toMatchObject({ monthly_volume: old.monthly_volume, message: old.message });
      else expect(leadColumnsFrom(answers), old.id).toEqual(columns);
      // Answers stored before keep their place and their values (a statement's name becomes its stored file).
      const stored = old.answers ? (JSON.parse(old.answers) as Answer[]) : [];
      for (const answer of stored.filter((a) => a.key !== "statement"))
        expect(answers.find((a) => a.key === answer.key)).toEqual(answer);
    }
    // The request from before answers existed now has them, with the labels the form had then.
    const legacy = JSON.parse(rows.find((r) => r.id === seeded.rows.legacy.id)!.answers);
    expect(legacy.slice(0, 3)).toEqual([
      { key: "name", label: L.name, type: "text", value: "Dana Ruiz" },
      { key: "businessName", label: L.businessName, type: "text", value: "Ruiz Auto Care" },
      { key: "email", label: L.email, type: "email", value: "dana@ruizauto.example" },
    ]);
    // A staff form's answers are as they were: its lead columns only ever held neutral values.
    for (const old of before.lead_submissions!.filter((r) => r.source === "form"))
      expect(rows.find((r) => r.id === old.id)!.answers).toBe(old.answers);
  });

  it("makes each statement a file of its submission, with the same id, and its answer names the stored file", async () => {
    const files = await after("submission_files");
    const rows = await after("submissions");
    for (const statement of before.lead_statements!) {
      expect(files.find((f) => f.id === statement.id)).toEqual({
        id: statement.id,
        submission_id: statement.submission_id,
        field_key: "statement",
        file_id: statement.storage_key,
        created_at: statement.created_at,
      });
      const answers = JSON.parse(rows.find((r) => r.id === statement.submission_id)!.answers) as Answer[];
      expect(answers.find((a) => a.key === "statement")).toEqual({
        key: "statement",
        label: L.statement,
        type: "file",
        value: {
          fileId: statement.storage_key,
          filename: statement.original_filename,
          size: statement.size_bytes,
          mimeType: statement.mime_type,
        },
      });
    }
    for (const attachment of before.submission_files!) expect(files).toContainEqual(attachment);
    expect(files).toHaveLength(before.submission_files!.length + before.lead_statements!.length);
    // The bytes are untouched.
    expect(await after("stored_files")).toEqual(before.stored_files);
  });

  it("moves the contacts' volume and processor into the lead profile, with their first request's ticket and methods", async () => {
    const contacts = await after("contacts");
    const submissions = await after("submissions");
    expect(contacts.map((c) => c.id)).toEqual(before.contacts!.map((c) => c.id));
    for (const old of before.contacts!) {
      const row = contacts.find((c) => c.id === old.id)!;
      const { monthly_volume, current_processor, ...rest } = old;
      // Migration 0055 (proposals) adds two columns, empty for every contact that had none.
      const { lead_profile, proposal_state, proposal_annual_savings_cents, waiting_since, closed_at, ...kept } = row;
      expect([proposal_state, proposal_annual_savings_cents]).toEqual([null, null]);
      // Migration 0075: when a contact was closed (none of these is).
      expect(closed_at).toBeNull();
      // Migration 0070 (decision 0048): nobody answered these, so each waits since its first non-spam submission.
      const waiting = submissions
        .filter((s) => s.contact_id === old.id && !s.spam)
        .map((s) => new Date(s.created_at).toISOString())
        .sort()[0];
      expect(waiting_since ? new Date(waiting_since).toISOString() : null).toBe(waiting ?? null);
      expect(kept).toEqual(rest);
      const profile = JSON.parse(lead_profile);
      expect(profile.monthlyVolume ?? null).toBe(monthly_volume);
      expect(profile.currentProcessor ?? null).toBe(current_processor);
    }
    const { dana, sam, manual } = seeded.contacts;
    // Dana's first request (the legacy one) said $99.00 and in person + mobile.
    expect(readLeadProfile(contacts.find((c) => c.id === dana.id)!.lead_profile)).toEqual({
      monthlyVolume: "50k-100k",
      averageTicketCents: 9900,
      currentProcessor: "Heartland",
      paymentMethods: ["in-person", "mobile"],
    });
    expect(readLeadProfile(contacts.find((c) => c.id === sam.id)!.lead_profile)).toEqual({
      monthlyVolume: "10k-50k",
      paymentMethods: ["online"],
    });
    expect(readLeadProfile(contacts.find((c) => c.id === manual.id)!.lead_profile)).toEqual({
      currentProcessor: "Square",
    });
  });

  it("names queued e-mail jobs for submissions", async () => {
    const jobs = await after("jobs");
    expect(jobs).toHaveLength(before.jobs!.length);
    for (const old of before.jobs!)
      expect(jobs.find((j) => j.id === old.id)).toEqual({
        ...old,
        kind: "submission.notify",
        key: old.key.replace(/^lead\.notify:/, "submission.notify:"),
      });
  });

  it("serves the migrated rows to staff: the inbox's tabs, a request's answers and files, a contact's timeline", async () => {
    const db = t.db;
    const fa = await listSubmissions(db, seeded.fa, { tab: "unread", page: 1 });
    expect(fa.counts).toEqual({ unread: 2, read: 1, spam: 1 });
    const { withStatement, legacy } = seeded.rows;
    const detail = await getSubmission(db, seeded.fa, withStatement.id);
    expect(detail.files).toEqual([
      expect.objectContaining({ fieldKey: "statement", filename: "March statement.pdf", mimeType: "application/pdf" }),
    ]);
    expect(detail.attribution).toMatchObject({ utmSource: "google", utmCampaign: "spring" });
    const timeline = await contactSubmissions.list(db, seeded.contacts.dana.id, 10);
    expect(timeline.map((s) => s.id)).toEqual([withStatement.id, legacy.id]);
    expect(timeline[0]!.files[0]).toMatchObject({ label: L.statement, filename: "March statement.pdf" });
    const file = await contactSubmissions.readFile(db, seeded.contacts.dana.id, timeline[0]!.files[0]!.id);
    expect(new TextDecoder().decode(file!.bytes)).toMatch(/^%PDF-1\.4 March statement\.pdf/);
  });
});
