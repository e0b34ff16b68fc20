import crypto from "node:crypto";
import { sql, type Kysely } from "kysely";
import { columnTypes, isPostgres } from "../dialect";

/**
 * One form pipeline (decision 0045): every public form's post is a row of `submissions`.
 *
 * - `lead_submissions` becomes `submissions`. The columns only Free Analysis requests filled
 *   (`monthly_volume`, `average_ticket_cents`, `current_processor`, `payment_methods`,
 *   `message`, `calculator_inputs`) become answers in `answers` (now required, as is
 *   `form_id`: an old request without one is filed under the Free Analysis form);
 *   `statement_note` is `file_note`. Every other column, and so the spam flag, the read state,
 *   the notification state and the attribution, is copied as it is.
 * - `lead_statements` rows become `submission_files` rows (same id, field "statement", the
 *   stored file), and the statement answer names its stored file, as every file answer does.
 * - `contacts.monthly_volume` and `current_processor` move into `contacts.lead_profile` (JSON,
 *   common/lead-profile.ts), with the average ticket and the payment methods of the contact's
 *   first Free Analysis request.
 * - Staff e-mail jobs are named for submissions ("submission.notify").
 *
 * The tables and labels below are frozen copies of what the code had when this was written,
 * so the migration does the same thing whatever the code later becomes.
 */

const VOLUMES: Record<string, string> = {
  "under-10k": "Under $10,000",
  "10k-50k": "$10,000 – $50,000",
  "50k-100k": "$50,000 – $100,000",
  "100k-250k": "$100,000 – $250,000",
  "250k-plus": "$250,000 or more",
};
const METHODS: Record<string, string> = {
  "in-person": "In person (card terminal or POS)",
  online: "Online (website or invoices)",
  mobile: "Mobile (phone or tablet on the go)",
};
const volumeLabel = (v: string) => VOLUMES[v] ?? v;
const methodLabel = (v: string) => METHODS[v] ?? v;
const methodValue = (label: string) => Object.keys(METHODS).find((k) => METHODS[k] === label || k === label);

/** The Free Analysis answers' labels and types, as the code asked them. */
const CORE: Record<string, { label: string; type: string }> = {
  name: { label: "Your name", type: "text" },
  businessName: { label: "Business name", type: "text" },
  email: { label: "E-mail", type: "email" },
  phone: { label: "Phone", type: "phone" },
  website: { label: "Website", type: "text" },
  monthlyVolume: { label: "Monthly card volume", type: "select" },
  averageTicket: { label: "Average sale (ticket)", type: "number" },
  currentProcessor: { label: "Current processor", type: "text" },
  paymentMethods: { label: "How do you take payments?", type: "multiselect" },
  message: { label: "Anything we should know?", type: "textarea" },
  statement: { label: "Recent processing statement", type: "file" },
};
/** The savings calculator's figures a request came with (server/forms/free-analysis.ts names them the same). */
const CALCULATOR: Record<"volume" | "transactions" | "fees", { key: string; label: string }> = {
  volume: { key: "calcVolume", label: "Calculator: monthly card volume ($)" },
  transactions: { key: "calcTransactions", label: "Calculator: transactions a month" },
  fees: { key: "calcFees", label: "Calculator: monthly processing fees ($)" },
};

interface Answer {
  key: string;
  label: string;
  type: string;
  value: unknown;
}

type OldRow = Record<string, any>;
type Statement = {
  id: string;
  submission_id: string;
  original_filename: string;
  mime_type: string;
  size_bytes: number;
  storage_key: string;
  created_at: string;
};

const parseList = (text: string | null): string[] => {
  try {
    const parsed: unknown = JSON.parse(text ?? "[]");
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
};

/**
 * A Free Analysis request's answers with every column it had: as stored (or, for one stored
 * before answers were, built from its columns as the inbox showed it), plus any column the
 * answers lack, its statements as file answers and the calculator's figures.
 */
export function freeAnalysisAnswers(row: OldRow, statements: Statement[]): Answer[] {
  const answers: Answer[] = row.answers ? (JSON.parse(row.answers) as Answer[]) : [];
  const has = (key: string) => answers.some((a) => a.key === key);
  const add = (key: string, value: unknown) => answers.push({ key, ...CORE[key]!, value });
  if (!row.answers) {
    add("name", row.name);
    add("businessName", row.business_name);
    add("email", row.email);
    add("phone", row.phone);
    add("website", row.website);
  }
  if (!has("monthlyVolume") && (row.monthly_volume || !row.answers))
    add("monthlyVolume", row.monthly_volume ? volumeLabel(row.monthly_volume) : null);
  if (!has("averageTicket") && (row.average_ticket_cents !== null || !row.answers))
    add("averageTicket", row.average_ticket_cents === null ? null : Number(row.average_ticket_cents) / 100);
  if (!has("currentProcessor") && (row.current_processor !== null || !row.answers))
    add("currentProcessor", row.current_processor);
  const methods = parseList(row.payment_methods);
  if (!has("paymentMethods") && (methods.length || !row.answers)) add("paymentMethods", methods.map(methodLabel));
  if (!has("message") && (row.message !== null || !row.answers)) add("message", row.message);
  const [statement] = statements;
  if (statement) {
    const value = {
      fileId: statement.storage_key,
      filename: statement.original_filename,
      size: Number(statement.size_bytes),
      mimeType: statement.mime_type,
    };
    const at = answers.findIndex((a) => a.key === "statement");
    if (at >= 0) answers[at] = { ...answers[at]!, type: "file", value };
    else add("statement", value);
  }
  if (row.calculator_inputs) {
    const figures = JSON.parse(row.calculator_inputs) as Record<string, number | null>;
    for (const [name, { key, label }] of Object.entries(CALCULATOR)) {
      const value = figures[name];
      if (value !== null && value !== undefined && !has(key)) answers.push({ key, label, type: "number", value });
    }
  }
  return answers;
}

/** The average ticket (cents) and payment methods (values) a Free Analysis request gave, for its contact's profile. */
function profileOf(answers: Answer[]): Record<string, unknown> {
  const profile: Record<string, unknown> = {};
  const ticket = answers.find((a) => a.key === "averageTicket")?.value;
  if (typeof ticket === "number" && ticket >= 0) profile.averageTicketCents = Math.round(ticket * 100);
  const methods = answers.find((a) => a.key === "paymentMethods")?.value;
  const values = (Array.isArray(methods) ? methods : []).map((m) => methodValue(String(m))).filter(Boolean);
  if (values.length) profile.paymentMethods = [...new Set(values)];
  return profile;
}

const PAGE = 500;

async function work(db: Kysely<any>) {
  const t = columnTypes(db);
  const pg = isPostgres(db);
  const now = new Date().toISOString();

  // Every request belongs to a form: one without is filed under Free Analysis (its core
  // fields come from the code when it is read, so an empty list stands for them here).
  let fa = (await db
    .selectFrom("form_definitions")
    .select("id")
    .where("system_key", "=", "free-analysis")
    .executeTakeFirst()) as { id: string } | undefined;
  if (!fa) {
    const orphans = await db
      .selectFrom("lead_submissions")
      .select("id")
      .where("form_id", "is", null)
      .limit(1)
      .execute();
    if (orphans.length) {
      fa = { id: crypto.randomUUID() };
      await db
        .insertInto("form_definitions")
        .values({
          id: fa.id,
          slug: "free-analysis",
          name: "Free Analysis",
          description: "The request for a free statement analysis on /contact (and from the savings calculator).",
          fields: "[]",
          recipients: "[]",
          success_message: "Thank you. We'll be in touch within one business day.",
          active: pg ? true : 1,
          system_key: "free-analysis",
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  }
  if (fa) await db.updateTable("lead_submissions").set({ form_id: fa.id }).where("form_id", "is", null).execute();

  await db.schema
    .createTable("submissions")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("form_id", "varchar(36)", (c) => c.notNull())
    .addColumn("contact_id", "varchar(36)", (c) => c.references("contacts.id").onDelete("cascade"))
    // "contact" or "calculator" (Free Analysis), "form" (a staff form).
    .addColumn("source", "varchar(20)", (c) => c.notNull())
    // The contact details as sent (the inbox lists and searches them, and shows where they differ).
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("business_name", "varchar(150)", (c) => c.notNull())
    .addColumn("email", "varchar(254)", (c) => c.notNull())
    .addColumn("phone", "varchar(30)", (c) => c.notNull())
    .addColumn("website", "varchar(200)")
    .addColumn("answers", "text", (c) => c.notNull()) // JSON Answer[]
    .addColumn("consent", t.boolean, (c) => c.notNull())
    .addColumn("consent_version", "varchar(20)", (c) => c.notNull())
    .addColumn("client_ip", "varchar(64)")
    .addColumn("user_agent", "varchar(500)")
    .addColumn("landing_page", "varchar(500)")
    .addColumn("referrer", "varchar(500)")
    .addColumn("utm_source", "varchar(100)")
    .addColumn("utm_medium", "varchar(100)")
    .addColumn("utm_campaign", "varchar(100)")
    .addColumn("file_note", "text")
    .addColumn("spam", t.boolean, (c) => c.notNull().defaultTo(pg ? sql`false` : 0))
    .addColumn("spam_reason", "varchar(20)")
    .addColumn("read_at", t.timestamp)
    .addColumn("notify_status", "varchar(20)", (c) => c.notNull().defaultTo("pending"))
    .addColumn("notified_at", t.timestamp)
    .addColumn("notify_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("notify_last_attempt_at", t.timestamp)
    .addColumn("notify_error", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();

  // The rows, a page at a time (keyset on time and id), oldest first so each contact's first
  // Free Analysis request is seen first.
  const firstProfile = new Map<string, Record<string, unknown>>();
  let after: { created_at: string; id: string } | undefined;
  for (;;) {
    let q = db.selectFrom("lead_submissions").selectAll();
    if (after) {
      const a = after;
      q = q.where((eb) => eb(eb.refTuple("created_at", "id"), ">", eb.tuple(a.created_at, a.id)));
    }
    const rows = (await q.orderBy("created_at").orderBy("id").limit(PAGE).execute()) as OldRow[];
    if (!rows.length) break;
    after = rows[rows.length - 1] as { created_at: string; id: string };
    const statements = (await db
      .selectFrom("lead_statements")
      .selectAll()
      .where(
        "submission_id",
        "in",
        rows.map((r) => r.id),
      )
      .orderBy("created_at")
      .execute()) as Statement[];
    const values = rows.map((row) => {
      const own = statements.filter((s) => s.submission_id === row.id);
      const freeAnalysis = row.form_id === fa?.id;
      const answers = freeAnalysis ? freeAnalysisAnswers(row, own) : (JSON.parse(row.answers ?? "[]") as Answer[]);
      if (freeAnalysis && row.contact_id && !row.spam && !firstProfile.has(row.contact_id))
        firstProfile.set(row.contact_id, profileOf(answers));
      return {
        id: row.id,
        form_id: row.form_id,
        contact_id: row.contact_id,
        source: row.source,
        name: row.name,
        business_name: row.business_name,
        email: row.email,
        phone: row.phone,
        website: row.website,
        answers: JSON.stringify(answers),
        consent: row.consent,
        consent_version: row.consent_version,
        client_ip: row.client_ip,
        user_agent: row.user_agent,
        landing_page: row.landing_page,
        referrer: row.referrer,
        utm_source: row.utm_source,
        utm_medium: row.utm_medium,
        utm_campaign: row.utm_campaign,
        file_note: row.statement_note,
        spam: row.spam,
        spam_reason: row.spam_reason,
        read_at: row.read_at,
        notify_status: row.notify_status,
        notified_at: row.notified_at,
        notify_attempts: row.notify_attempts,
        notify_last_attempt_at: row.notify_last_attempt_at,
        notify_error: row.notify_error,
        created_at: row.created_at,
      };
    });
    for (let i = 0; i < values.length; i += 100)
      await db
        .insertInto("submissions")
        .values(values.slice(i, i + 100))
        .execute();
  }

  // Files: the table now points at `submissions`, and the statements are files of the
  // "statement" field (same ids, so links to them keep working).
  await db.schema
    .createTable("submission_files_next")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("submission_id", "varchar(36)", (c) => c.notNull().references("submissions.id").onDelete("cascade"))
    .addColumn("field_key", "varchar(40)", (c) => c.notNull())
    .addColumn("file_id", "varchar(100)", (c) => c.notNull().unique())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await sql`insert into submission_files_next (id, submission_id, field_key, file_id, created_at)
    select id, submission_id, field_key, file_id, created_at from submission_files`.execute(db);
  await sql`insert into submission_files_next (id, submission_id, field_key, file_id, created_at)
    select id, submission_id, 'statement', storage_key, created_at from lead_statements`.execute(db);
  await db.schema.dropTable("submission_files").execute();
  await db.schema.dropTable("lead_statements").execute();
  await db.schema.dropTable("lead_submissions").execute();
  await db.schema.alterTable("submission_files_next").renameTo("submission_files").execute();
  if (pg) {
    // PostgreSQL keeps the constraints' first names: give them the table's.
    await sql`alter table submission_files rename constraint submission_files_next_pkey to submission_files_pkey`.execute(
      db,
    );
    await sql`alter table submission_files rename constraint submission_files_next_file_id_key to submission_files_file_id_key`.execute(
      db,
    );
    await sql`alter table submission_files rename constraint submission_files_next_submission_id_fkey to submission_files_submission_id_fkey`.execute(
      db,
    );
  }
  await db.schema
    .createIndex("submission_files_submission_idx")
    .on("submission_files")
    .column("submission_id")
    .execute();
  const index = (name: string, columns: string[]) =>
    db.schema.createIndex(name).on("submissions").columns(columns).execute();
  await index("submissions_contact_idx", ["contact_id", "created_at"]);
  await index("submissions_created_idx", ["created_at"]);
  await index("submissions_notify_idx", ["notify_status"]);
  await index("submissions_form_idx", ["form_id", "spam", "created_at"]);

  // The contacts' lead profile.
  await db.schema
    .alterTable("contacts")
    .addColumn("lead_profile", "text", (c) => c.notNull().defaultTo("{}"))
    .execute();
  let afterId: string | undefined;
  for (;;) {
    let q = db.selectFrom("contacts").select(["id", "monthly_volume", "current_processor"]);
    if (afterId) q = q.where("id", ">", afterId);
    const contacts = (await q.orderBy("id").limit(PAGE).execute()) as Array<{
      id: string;
      monthly_volume: string | null;
      current_processor: string | null;
    }>;
    if (!contacts.length) break;
    afterId = contacts[contacts.length - 1]!.id;
    for (const c of contacts) {
      const profile: Record<string, unknown> = {};
      if (c.monthly_volume) profile.monthlyVolume = c.monthly_volume;
      const first = firstProfile.get(c.id);
      if (first?.averageTicketCents !== undefined) profile.averageTicketCents = first.averageTicketCents;
      if (c.current_processor !== null) profile.currentProcessor = c.current_processor;
      if (first?.paymentMethods) profile.paymentMethods = first.paymentMethods;
      if (Object.keys(profile).length)
        await db
          .updateTable("contacts")
          .set({ lead_profile: JSON.stringify(profile) })
          .where("id", "=", c.id)
          .execute();
    }
  }
  await db.schema.alterTable("contacts").dropColumn("monthly_volume").execute();
  await db.schema.alterTable("contacts").dropColumn("current_processor").execute();

  // The staff e-mail job's new name (queued ones keep running under it).
  await sql`update jobs set kind = 'submission.notify', key = 'submission.notify' || substr(key, 12)
    where kind = 'lead.notify'`.execute(db);
}

export async function up(db: Kysely<any>) {
  if (isPostgres(db)) {
    await work(db); // inside the migrator's transaction
    return;
  }
  // SQLite: foreign keys off while tables are replaced (the pragma cannot change inside a
  // transaction), and the whole change in one transaction.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await work(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length) throw new Error("0050: replacing the submissions tables broke a foreign key");
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function down() {
  throw new Error("0050-one-submissions-table cannot be undone: restore the backup taken before the upgrade.");
}
