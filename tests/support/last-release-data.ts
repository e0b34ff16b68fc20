import crypto from "node:crypto";
import { Migrator } from "kysely/migration";
import type { Kysely } from "kysely";
import type { Answer, FileAnswer } from "@common/forms";
import { MONTHLY_VOLUMES, PAYMENT_METHODS } from "@common/lead";
import { migrations } from "@server/db/migrations";

/**
 * A database as the release before migration 0050 (one submissions table) left it: built by
 * the migrations up to 0045 and filled as that release's code filled it (Free Analysis requests
 * old and new, from the calculator, with a statement, with one turned away by the daily cap,
 * held as spam, read, failed; staff form submissions with an attachment; contacts; queued
 * e-mail jobs). tests/integration/submissions-migration.test.ts migrates it and compares.
 */

export const BEFORE = "0045-forms";
const iso = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString();
const id = () => crypto.randomUUID();
const volumeLabel = (v: string) => MONTHLY_VOLUMES.find((m) => m.value === v)!.label;
const methodLabel = (v: string) => PAYMENT_METHODS.find((m) => m.value === v)!.label;

/** The labels the Free Analysis definition had then. */
export const L = {
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

export type Row = Record<string, any>;

export async function migrateTo(db: Kysely<any>, last: string) {
  const upTo = Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last));
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => upTo } }).migrateToLatest();
  if (error) throw error;
}

/** What the release before 0050 stored, built as its code built it. */
export async function fillAsTheLastRelease(db: Kysely<any>, pg: boolean) {
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
