import crypto from "node:crypto";
import { Migrator } from "kysely/migration";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MONTHLY_VOLUMES, PAYMENT_METHODS } from "@common/lead";
import { readLeadProfile } from "@common/lead-profile";
import type { Answer, FileAnswer } from "@common/forms";
import { migrateToLatest } from "@server/db";
import { migrations } from "@server/db/migrations";
import { contactSubmissions } from "@server/forms/contact-submissions";
import { getSubmission, listSubmissions } from "@server/forms/inbox";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

/**
 * Migration 0050 (one submissions table) on a database the release before it built and used:
 * the migrator stops at 0045, the database is filled as that release's code filled it
 * (Free Analysis requests old and new, from the calculator, with a statement, with one turned
 * away by the daily cap, held as spam, read, failed; staff form submissions with an
 * attachment; contacts; queued e-mail jobs), then 0050 runs and every row is compared field
 * by field with what it became, on SQLite and PostgreSQL.
 */

const BEFORE = "0045-forms";
const iso = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString();
const id = () => crypto.randomUUID();
const volumeLabel = (v: string) => MONTHLY_VOLUMES.find((m) => m.value === v)!.label;
const methodLabel = (v: string) => PAYMENT_METHODS.find((m) => m.value === v)!.label;

/** The labels the Free Analysis definition had then. */
const L = {
  name: "Your name",
  businessName: "Business name",
  email: "E-mail",
  phone: "Phone",
  website: "Website",
  monthlyVolume: "Monthly card volume",
  averageTicket: "Average sale (ticket)",
  currentProcessor: "Current processor",
  paymentMethods: "How do you take payments?",
  message: "Anything we should know?",
  statement: "Recent processing statement",
  consent: "I agree to be contacted by phone or e-mail about my free statement analysis. We never sell your details.",
};

type Row = Record<string, any>;

async function migrateTo(db: Kysely<any>, last: string) {
  const upTo = Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last));
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => upTo } }).migrateToLatest();
  if (error) throw error;
}

/** What the release before 0050 stored, built as its code built it. */
async function fillAsTheLastRelease(db: Kysely<any>, pg: boolean) {
  const bool = (b: boolean) => (pg ? b : b ? 1 : 0);
  const now = iso(0);
  const fa = id();
  const staffForm = id();
  const coreFields = Object.entries(L).map(([key, label]) => ({ key, label, locked: true }));
  await db
    .insertInto("form_definitions")
    .values([
      {
        id: fa,
        slug: "free-analysis",
        name: "Free Analysis",
        description: null,
        fields: JSON.stringify([...coreFields, { key: "hear", type: "text", label: "How did you hear of us?" }]),
        recipients: "[]",
        success_message: "Thanks.",
        active: bool(true),
        system_key: "free-analysis",
        created_at: now,
        updated_at: now,
      },
      {
        id: staffForm,
        slug: "partners",
        name: "Partners",
        description: null,
        fields: JSON.stringify([
          { key: "fullName", type: "text", label: "Full name", contact: "name" },
          { key: "email", type: "email", label: "E-mail" },
          { key: "deck", type: "file", label: "Pitch deck" },
        ]),
        recipients: "[]",
        success_message: "Thanks.",
        active: bool(true),
        system_key: null,
        created_at: now,
        updated_at: now,
      },
    ])
    .execute();

  const contact = (email: string, extra: Row = {}) => ({
    id: id(),
    email,
    name: "Dana Ruiz",
    business_name: "Ruiz Auto Care",
    phone: "(480) 555-0123",
    website: null,
    status: "new",
    submission_count: 1,
    created_at: now,
    updated_at: now,
    last_submitted_at: now,
    monthly_volume: null,
    current_processor: null,
    source: "contact",
    first_landing_page: null,
    first_referrer: null,
    first_utm_source: null,
    first_utm_medium: null,
    first_utm_campaign: null,
    owner_id: null,
    lost_reason: null,
    ...extra,
  });
  const dana = contact("dana@ruizauto.example", {
    monthly_volume: "50k-100k",
    current_processor: "Heartland",
    submission_count: 3,
    first_landing_page: "/pricing?utm_source=google",
    first_utm_source: "google",
  });
  const sam = contact("sam@ortiz.example", { name: "Sam Ortiz", monthly_volume: "10k-50k", source: "calculator" });
  const zoe = contact("zoe@example.com", { name: "Zoë", business_name: "", source: "partners" });
  const manual = contact("manual@example.com", { source: "manual", submission_count: 0, current_processor: "Square" });
  await db.insertInto("contacts").values([dana, sam, zoe, manual]).execute();

  const file = async (purpose: string, name: string, mime: string) => {
    const bytes = new TextEncoder().encode(`%PDF-1.4 ${name} ${id()}`);
    const fileId = id();
    await db
      .insertInto("stored_files")
      .values({
        id: fileId,
        purpose,
        filename: name,
        mime_type: mime,
        size_bytes: bytes.byteLength,
        sha256: crypto.createHash("sha256").update(bytes).digest("hex"),
        content: bytes,
        created_at: now,
      })
      .execute();
    return { id: fileId, size: bytes.byteLength };
  };

  const base = (minute: number, extra: Row): Row => ({
    id: id(),
    contact_id: dana.id,
    name: "Dana Ruiz",
    business_name: "Ruiz Auto Care",
    email: "dana@ruizauto.example",
    phone: "(480) 555-0123",
    website: "https://ruizauto.example",
    monthly_volume: "50k-100k",
    average_ticket_cents: 18540,
    current_processor: "Heartland",
    payment_methods: JSON.stringify(["in-person", "mobile"]),
    message: "Our fees went up twice this year.",
    consent: bool(true),
    consent_version: "2025-01",
    source: "contact",
    calculator_inputs: null,
    client_ip: "203.0.113.9",
    user_agent: "Mozilla/5.0",
    created_at: iso(minute),
    notify_status: "sent",
    notified_at: iso(minute + 1),
    notify_attempts: 1,
    notify_last_attempt_at: iso(minute + 1),
    notify_error: null,
    form_id: fa,
    answers: null,
    spam: bool(false),
    spam_reason: null,
    read_at: null,
    landing_page: null,
    referrer: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    statement_note: null,
    ...extra,
  });
  /** The answers createLead stored for a row's columns (labels for choices, the statement's file name). */
  const leadAnswers = (row: Row, statement: string | null, extra: Answer[] = []): string =>
    JSON.stringify([
      { key: "name", label: L.name, type: "text", value: row.name },
      { key: "businessName", label: L.businessName, type: "text", value: row.business_name },
      { key: "email", label: L.email, type: "email", value: row.email },
      { key: "phone", label: L.phone, type: "phone", value: row.phone },
      { key: "website", label: L.website, type: "text", value: row.website },
      { key: "monthlyVolume", label: L.monthlyVolume, type: "select", value: volumeLabel(row.monthly_volume) },
      {
        key: "averageTicket",
        label: L.averageTicket,
        type: "number",
        value: row.average_ticket_cents === null ? null : row.average_ticket_cents / 100,
      },
      { key: "currentProcessor", label: L.currentProcessor, type: "text", value: row.current_processor },
      {
        key: "paymentMethods",
        label: L.paymentMethods,
        type: "multiselect",
        value: (JSON.parse(row.payment_methods) as string[]).map(methodLabel),
      },
      { key: "message", label: L.message, type: "textarea", value: row.message },
      { key: "statement", label: L.statement, type: "file", value: statement },
      { key: "consent", label: L.consent, type: "consent", value: true },
      ...extra,
    ]);
  const withAnswers = (row: Row, statement: string | null, extra: Answer[] = []): Row => ({
    ...row,
    answers: leadAnswers(row, statement, extra),
  });

  // 1. A request stored before answers and forms existed (no form, no answers), read by staff.
  const legacy = base(1, { form_id: null, answers: null, read_at: iso(30), average_ticket_cents: 9900 });
  // 2. A request with its statement and an answer to a field staff added, with first-touch attribution.
  const statementFile = await file("statement", "March statement.pdf", "application/pdf");
  const withStatement = withAnswers(
    base(2, {
      landing_page: "/pricing?utm_source=google",
      referrer: "https://www.google.com/",
      utm_source: "google",
      utm_medium: "cpc",
      utm_campaign: "spring",
    }),
    "March statement.pdf",
    [{ key: "hear", label: "How did you hear of us?", type: "text", value: "Google" }],
  );
  // 3. From the savings calculator, its statement turned away by the daily cap, e-mail failed.
  const calculator = withAnswers(
    base(3, {
      contact_id: sam.id,
      name: "Sam Ortiz",
      email: "sam@ortiz.example",
      monthly_volume: "10k-50k",
      average_ticket_cents: null,
      current_processor: null,
      payment_methods: JSON.stringify(["online"]),
      message: null,
      source: "calculator",
      calculator_inputs: JSON.stringify({ volume: 42000, transactions: 800, fees: null }),
      statement_note:
        "The visitor attached a statement, but it was not stored: today's limit for uploaded statements was reached. Ask them to send it again.",
      notify_status: "failed",
      notified_at: null,
      notify_attempts: 6,
      notify_error: "connect ECONNREFUSED 127.0.0.1:25",
    }),
    null,
  );
  // 4. A Free Analysis post held as spam (the honeypot): raw values, no contact, never notified.
  const spam = base(4, {
    contact_id: null,
    email: "bot@spam.example",
    name: "Bot",
    monthly_volume: "WIN-BIG",
    average_ticket_cents: null,
    current_processor: null,
    payment_methods: "[]",
    message: "buy now",
    answers: JSON.stringify([
      { key: "name", label: L.name, type: "text", value: "Bot" },
      { key: "email", label: L.email, type: "email", value: "bot@spam.example" },
      { key: "monthlyVolume", label: L.monthlyVolume, type: "select", value: "WIN-BIG" },
      { key: "paymentMethods", label: L.paymentMethods, type: "multiselect", value: ["online", "mobile"] },
      { key: "message", label: L.message, type: "textarea", value: "buy now" },
    ]),
    spam: bool(true),
    spam_reason: "honeypot",
    notify_status: "held",
    notified_at: null,
    notify_attempts: 0,
    notify_last_attempt_at: null,
  });
  // 5. A staff form's submission with an attachment; 6. one held as spam (too fast); both with the neutral lead columns.
  const deck = await file("attachment", "deck.pdf", "application/pdf");
  const staffAnswers = (value: FileAnswer | null) =>
    JSON.stringify([
      { key: "fullName", label: "Full name", type: "text", value: "Zoë" },
      { key: "email", label: "E-mail", type: "email", value: "zoe@example.com" },
      ...(value ? [{ key: "deck", label: "Pitch deck", type: "file", value }] : []),
    ]);
  const neutral = {
    monthly_volume: "",
    average_ticket_cents: null,
    current_processor: null,
    payment_methods: "[]",
    message: null,
    calculator_inputs: null,
    source: "form",
    form_id: staffForm,
  };
  const staff = base(5, {
    ...neutral,
    contact_id: zoe.id,
    name: "Zoë",
    business_name: "",
    email: "zoe@example.com",
    phone: "",
    website: null,
    answers: staffAnswers({ fileId: deck.id, filename: "deck.pdf", size: deck.size, mimeType: "application/pdf" }),
    notify_status: "pending",
    notified_at: null,
    notify_attempts: 0,
    notify_last_attempt_at: null,
    read_at: iso(40),
  });
  const staffSpam = base(6, {
    ...neutral,
    contact_id: null,
    name: "Zoë",
    business_name: "",
    email: "zoe@example.com",
    phone: "",
    website: null,
    answers: staffAnswers(null),
    spam: bool(true),
    spam_reason: "too-fast",
    notify_status: "held",
    notified_at: null,
    notify_attempts: 0,
    consent: bool(false),
  });
  await db.insertInto("lead_submissions").values([legacy, withStatement, calculator, spam, staff, staffSpam]).execute();
  await db
    .insertInto("lead_statements")
    .values({
      id: id(),
      submission_id: withStatement.id,
      original_filename: "March statement.pdf",
      detected_type: "pdf",
      mime_type: "application/pdf",
      size_bytes: statementFile.size,
      sha256: "recorded-with-the-statement",
      storage_key: statementFile.id,
      created_at: iso(2),
    })
    .execute();
  await db
    .insertInto("submission_files")
    .values({ id: id(), submission_id: staff.id, field_key: "deck", file_id: deck.id, created_at: iso(5) })
    .execute();
  await db
    .insertInto("jobs")
    .values(
      [staff, calculator].map((s, i) => ({
        id: id(),
        kind: "lead.notify",
        key: `lead.notify:${s.id}`,
        payload: JSON.stringify({ submissionId: s.id }),
        run_at: now,
        attempts: i,
        max_attempts: 6,
        created_at: now,
      })),
    )
    .execute();
  return {
    fa,
    staffForm,
    contacts: { dana, sam, zoe, manual },
    rows: { legacy, withStatement, calculator, spam, staff, staffSpam },
  };
}

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
  "consent_version",
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
    expect(await migrateToLatest(t.db)).toEqual(["0050-one-submissions-table"]);
  });
  afterAll(() => t?.cleanup());

  const after = (table: string) => snapshot(t.db as unknown as Kysely<any>, table);

  it("keeps every submission with every column it had, the form it came through and the file note", async () => {
    const rows = await after("submissions");
    expect(rows.map((r) => r.id)).toEqual(before.lead_submissions!.map((r) => r.id));
    for (const old of before.lead_submissions!) {
      const row = rows.find((r) => r.id === old.id)!;
      for (const column of KEPT) expect(row[column], `${column} of ${old.source}`).toEqual(old[column]);
      expect(Boolean(row.spam)).toBe(Boolean(old.spam));
      expect(Boolean(row.consent)).toBe(Boolean(old.consent));
      expect(row.file_note).toBe(old.statement_note);
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
    expect(contacts.map((c) => c.id)).toEqual(before.contacts!.map((c) => c.id));
    for (const old of before.contacts!) {
      const row = contacts.find((c) => c.id === old.id)!;
      const { monthly_volume, current_processor, ...rest } = old;
      const { lead_profile, ...kept } = row;
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
