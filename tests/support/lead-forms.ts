import net from "node:net";
import type { DB } from "@server/db";
import { encodeSolution, solveChallenge } from "@common/form-proof";
import { createChallenge } from "@server/form-proof/challenge";
import { getFreeAnalysisForm } from "@server/forms/definitions";
import { issueFormToken } from "@server/forms/form-token";
import { formChecks } from "@server/forms/pipeline";
import type { Upload as BodyUpload } from "@server/forms/public-body";
import { storeSubmission } from "@server/forms/submissions";
import { FREE_ANALYSIS_AUTO_REPLY } from "@common/auto-reply";
import { FREE_ANALYSIS_SYSTEM_KEY } from "@common/forms";

/**
 * What the leads and forms tests post: a signed form token of a chosen age, a small real PDF,
 * the Free Analysis fields, a staff form with one field of every type and its answers.
 */

/** Must match the AUTH_SECRET startTestServer gives the server. */
const AUTH_SECRET = "test-secret-0123456789abcdef0123456789abcdef";

/** A token issued `ageMs` ago, as the page would have rendered it. */
export function formToken(ageMs = 10_000): string {
  return issueFormToken(AUTH_SECRET, Date.now() - ageMs);
}

/**
 * A solved proof of work (decision 0051) for the hidden `formProof` field, as the page's
 * script would post it: a challenge signed with the server's secret, solved here. Each call
 * is a new one (a solution is accepted once). Easier than the server's (`maxNumber` 1000), so
 * the suites do not spend their time hashing; the server checks the same way whatever the
 * difficulty. `expiresInMs` below zero gives one that has expired.
 */
export function formProof(options: { expiresInMs?: number } = {}): string {
  const now = Date.now();
  const challenge = createChallenge(AUTH_SECRET, { maxNumber: 1000, now, expiryMs: options.expiresInMs });
  const number = solveChallenge(challenge);
  if (number === null) throw new Error("formProof: the challenge has no solution");
  const { algorithm, challenge: hash, salt, signature } = challenge;
  return encodeSolution({ algorithm, challenge: hash, number, salt, signature });
}

/** A tiny but real one-page PDF. */
export function samplePdf(): Buffer {
  return Buffer.from(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
      "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  );
}

export type Fields = Record<string, string | string[] | null>;
export interface Upload {
  field: string;
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** A multipart body: every field (lists repeated, null left out) and the files. */
export function formBody(fields: Fields, files: Upload[] = []): FormData {
  const fd = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) fd.append(key, v);
  }
  for (const f of files) fd.append(f.field, new Blob([f.bytes as Uint8Array<ArrayBuffer>], { type: f.type }), f.name);
  return fd;
}

/** A Free Analysis post (/contact), with a statement when one is given. */
export function leadForm(overrides: Fields = {}, statement?: Omit<Upload, "field">): FormData {
  return formBody(
    {
      formToken: formToken(),
      formProof: formProof(),
      name: "Dana Ruiz",
      businessName: "Ruiz Auto Care",
      email: "Dana.Ruiz@RuizAuto.example",
      phone: "(480) 555-0123",
      website: "ruizauto.example",
      monthlyVolume: "50k-100k",
      averageTicket: "185.40",
      currentProcessor: "Heartland",
      paymentMethods: ["in-person", "mobile"],
      message: "Our fees went up twice this year.",
      consent: "yes",
      source: "contact",
      ...overrides,
    },
    statement ? [{ field: "statement", ...statement }] : [],
  );
}

/** A staff form with one field of every type. */
export const everyTypeForm = (slug: string) => ({
  name: "Partner enquiry",
  slug,
  description: "Tell us about your partnership idea.",
  fields: [
    { key: "fullName", type: "text", label: "Full name", required: true, contact: "name" },
    { key: "company", type: "text", label: "Company", required: false, contact: "businessName" },
    { key: "email", type: "email", label: "E-mail", required: true },
    { key: "phone", type: "phone", label: "Phone", required: false, contact: "phone" },
    { key: "locations", type: "number", label: "Number of locations", required: true },
    { key: "plan", type: "select", label: "Plan", required: true, options: ["Basic", "Pro"] },
    { key: "channels", type: "multiselect", label: "Channels", required: true, options: ["Web", "Store", "Phone"] },
    { key: "details", type: "textarea", label: "Details", required: false, help: "Anything else?" },
    { key: "newsletter", type: "checkbox", label: "Send me the newsletter", required: false },
    { key: "deck", type: "file", label: "Pitch deck", required: false },
    { key: "agree", type: "consent", label: "You may contact me about this.", required: true },
  ],
  recipients: ["partners@meritum.test", "Owner@Meritum.test"],
  successMessage: "Thanks! Our partnerships team will reply this week.",
  active: true,
});

/** Answers to everyTypeForm (with where the visitor came from), and a pitch deck when given. */
export function partnerAnswers(overrides: Fields = {}, deck?: Uint8Array): FormData {
  return formBody(
    {
      formToken: formToken(),
      formProof: formProof(),
      fullName: "Zoë Ångström",
      company: "Northside Coffee Co",
      email: "Zoe@Example.com",
      phone: "(602) 555-0100",
      locations: "3",
      plan: "Pro",
      channels: ["Web", "Store"],
      details: '=HYPERLINK("http://evil")',
      newsletter: "yes",
      agree: "yes",
      _landing: "/forms/partners?utm_source=newsletter",
      _referrer: "https://search.example/",
      _utm_source: "newsletter",
      _utm_medium: "email",
      _utm_campaign: "spring",
      ...overrides,
    },
    deck ? [{ field: "deck", name: "deck.pdf", type: "application/pdf", bytes: deck }] : [],
  );
}

/** The value of one answer of a stored submission (its `answers` JSON). */
export function answerOf(submission: { answers: string } | undefined, key: string): unknown {
  const answers = submission ? (JSON.parse(submission.answers) as Array<{ key: string; value: unknown }>) : [];
  return answers.find((a) => a.key === key)?.value;
}

/** A port nothing listens on (taken, then released). */
export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

let visitors = 0;
/** A new visitor's address for each post, so each post has a rate-limit budget of its own. */
export const newIp = () => `198.51.100.${++visitors}`;

/**
 * A Free Analysis submission stored as the post pipeline stores one (the form's checks, then
 * storeSubmission), without HTTP: for tests that need a contact with or without a statement.
 */
export async function storeFreeAnalysis(
  db: DB,
  overrides: Fields = {},
  statement?: { filename: string; bytes: Uint8Array },
) {
  const definition = await getFreeAnalysisForm(db);
  const files: Record<string, BodyUpload> = statement
    ? { statement: { filename: statement.filename, declaredType: "application/pdf", bytes: statement.bytes } }
    : {};
  const checked = formChecks(definition).check(leadForm(overrides), files);
  if (!checked.ok) throw new Error(`not a valid Free Analysis post: ${JSON.stringify(checked.fieldErrors)}`);
  return storeSubmission(db, definition, checked.post, {});
}

/** The stored files of a contact's submissions, newest first (id, name, type). */
export function contactFiles(db: DB, contactId: string) {
  return db
    .selectFrom("submission_files")
    .innerJoin("submissions", "submissions.id", "submission_files.submission_id")
    .innerJoin("stored_files", "stored_files.id", "submission_files.file_id")
    .select(["stored_files.id", "stored_files.filename", "stored_files.mime_type", "submissions.email"])
    .where("submissions.contact_id", "=", contactId)
    .orderBy("submission_files.created_at", "desc")
    .execute();
}

/**
 * Switches the Free Analysis form's auto-reply off, for tests that count the staff e-mails
 * alone (the auto-reply has its own tests: tests/integration/auto-reply*.test.ts).
 */
export async function withoutAutoReply(db: DB): Promise<void> {
  await db
    .updateTable("form_definitions")
    .set({ auto_reply: JSON.stringify({ ...FREE_ANALYSIS_AUTO_REPLY, enabled: false }) })
    .where("system_key", "=", FREE_ANALYSIS_SYSTEM_KEY)
    .execute();
}
