import * as z from "zod/mini";
import { LEAD_LIMITS as LIMITS, MAX_STATEMENT_BYTES } from "./limits";
import { checkInput, type ActionResult, type FieldErrors, type FormValues } from "./result";

/**
 * The Free Analysis form: one schema for the browser (before submitting) and the server
 * (the /contact action). Everything here is pure so both sides import it; it is on the
 * public /contact page's first load, so it uses zod/mini and imports no other schema.
 */

export const MONTHLY_VOLUMES = [
  { value: "under-10k", label: "Under $10,000", max: 10_000 },
  { value: "10k-50k", label: "$10,000 – $50,000", max: 50_000 },
  { value: "50k-100k", label: "$50,000 – $100,000", max: 100_000 },
  { value: "100k-250k", label: "$100,000 – $250,000", max: 250_000 },
  { value: "250k-plus", label: "$250,000 or more", max: Infinity },
] as const;
export type MonthlyVolume = (typeof MONTHLY_VOLUMES)[number]["value"];

export const PAYMENT_METHODS = [
  { value: "in-person", label: "In person (card terminal or POS)" },
  { value: "online", label: "Online (website or invoices)" },
  { value: "mobile", label: "Mobile (phone or tablet on the go)" },
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]["value"];

export const LEAD_SOURCES = ["contact", "calculator"] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** Bump when the consent sentence changes; each submission records the version it agreed to. */
export const CONSENT_VERSION = "2025-01";
export const CONSENT_TEXT =
  "I agree to be contacted by phone or e-mail about my free statement analysis. We never sell your details.";

export const STATEMENT_TYPES = {
  pdf: { mime: "application/pdf", ext: "pdf", label: "PDF" },
  png: { mime: "image/png", ext: "png", label: "PNG" },
  jpeg: { mime: "image/jpeg", ext: "jpg", label: "JPEG" },
} as const;
export type StatementType = keyof typeof STATEMENT_TYPES;
export const STATEMENT_ACCEPT = ".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg";

/** Names of the form's inputs, in the order they appear (focus goes to the first error). */
export const FIELD_ORDER = [
  "name",
  "businessName",
  "email",
  "phone",
  "website",
  "monthlyVolume",
  "averageTicket",
  "currentProcessor",
  "paymentMethods",
  "message",
  "statement",
  "consent",
] as const;
export type LeadField = (typeof FIELD_ORDER)[number];

function tooLong(label: string, max: number) {
  return `${capitalise(label)} must be ${max.toLocaleString("en-US")} characters or fewer.`;
}

function capitalise(text: string) {
  const bare = text.replace(/^(your|a|an|the) /, "");
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

/** A trimmed string with a maximum length (and, when required, a message for empty). */
function text(label: string, max: number, required?: string) {
  const checks = [z.trim(), ...(required ? [z.minLength(1, required)] : []), z.maxLength(max, tooLong(label, max))];
  return z.string({ error: required ?? `Please enter ${label}.` }).check(...checks);
}

const optionalText = (label: string, max: number) =>
  z.pipe(
    z.optional(text(label, max)),
    z.transform((v) => (v ? v : undefined)),
  );

/** "$1,250.50" → 1250.5; "" → undefined; anything else non-numeric → NaN (rejected below). */
function toAmount(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "number") return value;
  if (typeof value !== "string") return value;
  const cleaned = value.replace(/[$,\s]/g, "");
  if (!cleaned) return undefined;
  return /^\d+(\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

function optionalAmount(label: string, max: number) {
  return z.pipe(
    z.transform(toAmount),
    z.optional(
      z
        .number({ error: `${label} must be a number, e.g. 45.00.` })
        .check(
          z.positive(`${label} must be more than $0.`),
          z.maximum(max, `${label} must be $${max.toLocaleString("en-US")} or less.`),
        ),
    ),
  );
}

/** Adds https:// when the visitor typed a bare domain ("example.com"). */
function withScheme(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const v = value.trim();
  if (!v) return undefined;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(v) ? v : `https://${v}`;
}

const PHONE_CHARS = /^[0-9+().\-\s]*(?:(?:ext\.?|x)\s*\d{1,6})?$/i;

/**
 * Built with zod/mini (same engine, tree-shakable API) so the browser bundle of /contact
 * carries only the checks used here.
 */
export const leadFormSchema = z.object({
  name: text("your name", LIMITS.name, "Please enter your name."),
  businessName: text("your business name", LIMITS.businessName, "Please enter your business name."),
  email: z.pipe(
    text("your e-mail address", LIMITS.email, "Please enter your e-mail address."),
    z.email("Please enter a valid e-mail address, e.g. name@business.com."),
  ),
  phone: text("your phone number", LIMITS.phone, "Please enter your phone number.").check(
    z.refine((v) => PHONE_CHARS.test(v), "Phone numbers may contain only digits, spaces and + ( ) - ."),
    z.refine((v) => {
      const digits = v.replace(/(?:ext\.?|x)\s*\d+$/i, "").replace(/\D/g, "").length;
      return digits >= 10 && digits <= 15;
    }, "Please enter a phone number with area code, e.g. (480) 555-0123."),
  ),
  website: z.pipe(
    z.transform(withScheme),
    z.optional(
      z.pipe(
        z.string().check(z.maxLength(LIMITS.website, `Website must be ${LIMITS.website} characters or fewer.`)),
        z.url({
          protocol: /^https?$/,
          hostname: /\./,
          error: "Please enter a web address like example.com, or leave it empty.",
        }),
      ),
    ),
  ),
  monthlyVolume: z.enum(MONTHLY_VOLUMES.map((v) => v.value) as [MonthlyVolume, ...MonthlyVolume[]], {
    error: "Please choose your monthly card volume.",
  }),
  averageTicket: optionalAmount("Average ticket", 1_000_000),
  currentProcessor: optionalText("your current processor", LIMITS.currentProcessor),
  // Checked as one list so every message is about the field (common/result.ts keys errors by path).
  paymentMethods: z.pipe(
    z.array(z.string(), { error: "Please choose at least one way you take payments." }).check(
      z.minLength(1, "Please choose at least one way you take payments."),
      z.refine(
        (list) => list.every((v) => PAYMENT_METHODS.some((m) => m.value === v)),
        "Please choose from the listed ways of taking payments.",
      ),
      z.maxLength(PAYMENT_METHODS.length, "Please choose each way of taking payments only once."),
    ),
    z.transform((list) => [...new Set(list as PaymentMethod[])]),
  ),
  message: optionalText("your message", LIMITS.message),
  consent: z.literal("yes", { error: "Please agree to be contacted so we can send you your analysis." }),
  source: z.catch(z.enum(LEAD_SOURCES), "contact"),
  calcVolume: z.catch(optionalAmount("Calculator volume", 1_000_000_000), undefined),
  calcTransactions: z.catch(optionalAmount("Calculator transactions", 100_000_000), undefined),
  calcFees: z.catch(optionalAmount("Calculator fees", 100_000_000), undefined),
});

export type LeadFormInput = z.output<typeof leadFormSchema>;

/**
 * The values as typed, for putting back into the form after an error (the failure's
 * `values`): text as strings, the ticked payment methods as a list, consent as "yes", and
 * the form token the next post should carry.
 */
export type LeadFormValues = {
  name?: string;
  businessName?: string;
  email?: string;
  phone?: string;
  website?: string;
  monthlyVolume?: string;
  averageTicket?: string;
  currentProcessor?: string;
  paymentMethods?: string[];
  message?: string;
  consent?: "yes";
  formToken?: string;
};

const SINGLE_FIELDS = [
  "name",
  "businessName",
  "email",
  "phone",
  "website",
  "monthlyVolume",
  "averageTicket",
  "currentProcessor",
  "message",
  "consent",
  "source",
  "calcVolume",
  "calcTransactions",
  "calcFees",
] as const;

/** FormData → the plain object the schema reads (files are handled separately). */
export function leadFormObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of SINGLE_FIELDS) {
    const value = form.get(key);
    if (typeof value === "string") out[key] = value;
  }
  out.paymentMethods = form.getAll("paymentMethods").filter((v): v is string => typeof v === "string");
  return out;
}

/** What to put back into the inputs (truncated so a huge field is not echoed back). */
export function leadFormValues(form: FormData): FormValues {
  const values: FormValues = {};
  const text = (key: LeadField, max: number) => {
    const v = form.get(key);
    if (typeof v === "string") values[key] = v.slice(0, max);
  };
  text("name", LIMITS.name * 2);
  text("businessName", LIMITS.businessName * 2);
  text("email", LIMITS.email * 2);
  text("phone", LIMITS.phone * 2);
  text("website", LIMITS.website * 2);
  text("monthlyVolume", 20);
  text("averageTicket", 30);
  text("currentProcessor", LIMITS.currentProcessor * 2);
  values.paymentMethods = form
    .getAll("paymentMethods")
    .filter((v): v is string => typeof v === "string")
    .slice(0, PAYMENT_METHODS.length);
  text("message", LIMITS.message * 2);
  if (form.get("consent") === "yes") values.consent = "yes";
  return values;
}

/**
 * The form's check, in the browser before sending and on the server: the parsed lead, or the
 * one failure shape (common/result.ts) with a message per field.
 */
export function validateLeadForm(form: FormData) {
  return checkInput(leadFormSchema, leadFormObject(form));
}

/** The first field (in form order) that has an error. */
export function firstErrorField(errors: FieldErrors): LeadField | undefined {
  return FIELD_ORDER.find((f) => errors[f]);
}

/** The file's real type from its first bytes; undefined when it is none of PDF, PNG, JPEG. */
export function detectStatementType(head: Uint8Array): StatementType | undefined {
  const starts = (sig: number[], at = 0) => head.length >= at + sig.length && sig.every((b, i) => head[at + i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf"; // %PDF-
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  return undefined;
}

export const STATEMENT_TYPE_ERROR =
  "Please upload your statement as a PDF, PNG or JPEG file. This file is not one of those.";
export const STATEMENT_SIZE_ERROR =
  "Your statement must be 10 MB or smaller. Try a PDF export, or call us and we'll help.";

/** Checks an uploaded statement by size and content; returns an error message or its type. */
export function checkStatement(size: number, head: Uint8Array): { type: StatementType } | { error: string } {
  if (size > MAX_STATEMENT_BYTES) return { error: STATEMENT_SIZE_ERROR };
  if (size === 0) return { error: "The statement file is empty. Please choose the file again." };
  const type = detectStatementType(head);
  return type ? { type } : { error: STATEMENT_TYPE_ERROR };
}

/** A safe display name: no path, no control characters, at most 150 characters, extension kept. */
export function sanitizeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base
    .normalize("NFC")
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "");
  if (!clean) return "statement";
  if (clean.length <= 150) return clean;
  const dot = clean.lastIndexOf(".");
  const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : "";
  return clean.slice(0, 150 - ext.length) + ext;
}

/** The monthly-volume range a dollar amount falls in. */
export function volumeRangeFor(amount: number): MonthlyVolume {
  return (MONTHLY_VOLUMES.find((v) => amount < v.max) ?? MONTHLY_VOLUMES[MONTHLY_VOLUMES.length - 1]!).value;
}

export function volumeLabel(value: string): string {
  return MONTHLY_VOLUMES.find((v) => v.value === value)?.label ?? value;
}

export function paymentMethodLabel(value: string): string {
  return PAYMENT_METHODS.find((m) => m.value === value)?.label ?? value;
}

const money = (n: number) =>
  n.toLocaleString("en-US", { style: "currency", currency: "USD", maximumFractionDigits: n % 1 === 0 ? 0 : 2 });

export interface CalculatorPrefill {
  volume?: number;
  transactions?: number;
  fees?: number;
}

/** Reads ?from=calculator&volume=&transactions=&fees= (and ?topic=call) into form defaults. */
export function prefillFromSearch(search: URLSearchParams): {
  source: LeadSource;
  calculator?: CalculatorPrefill;
  values: LeadFormValues;
} {
  const values: LeadFormValues = {};
  const num = (key: string, max: number) => {
    const raw = search.get(key);
    if (raw === null) return undefined;
    const n = Number(raw.replace(/[$,\s]/g, ""));
    return Number.isFinite(n) && n > 0 && n <= max ? n : undefined;
  };
  if (search.get("topic") === "call") {
    values.message = "Please call me to talk about my card processing. The best time to reach me is: ";
  }
  if (search.get("from") !== "calculator") return { source: "contact", values };

  const calculator: CalculatorPrefill = {
    volume: num("volume", 1_000_000_000),
    transactions: num("transactions", 100_000_000),
    fees: num("fees", 100_000_000),
  };
  if (calculator.volume) values.monthlyVolume = volumeRangeFor(calculator.volume);
  if (calculator.volume && calculator.transactions) {
    values.averageTicket = (Math.round((calculator.volume / calculator.transactions) * 100) / 100).toFixed(2);
  }
  const parts = [
    calculator.volume ? `${money(calculator.volume)} monthly card volume` : undefined,
    calculator.transactions
      ? `${Math.round(calculator.transactions).toLocaleString("en-US")} transactions a month`
      : undefined,
    calculator.fees ? `${money(calculator.fees)} in monthly processing fees` : undefined,
  ].filter(Boolean);
  if (parts.length) {
    const line = `From the savings calculator: ${parts.join(", ")}.`;
    values.message = values.message ? `${values.message}\n\n${line}` : line;
  }
  return { source: "calculator", calculator, values };
}

/** What a sent Free Analysis request answers: the visitor's name and whether a statement came. */
export interface LeadSent {
  name: string;
  statement: boolean;
  /** A statement came but was not stored: today's upload limit was reached. */
  statementRefused?: boolean;
}

/**
 * The /contact action's answer, for the form (JS on or off), in the one result shape: on
 * failure the form error, the field errors and the values to show again (with the form
 * token to post next).
 */
export type LeadActionResult = ActionResult<LeadSent>;

/** Name of the honeypot input: people never see it, bots fill it. */
// Named so browsers never autofill it (a "fax" or "company" name would be), which would
// silently drop a real lead.
export const HONEYPOT_FIELD = "referral_code";
