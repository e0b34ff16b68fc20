import * as z from "zod/mini";
import {
  FIELD_ORDER,
  LEAD_SOURCES,
  MONTHLY_VOLUMES,
  PAYMENT_METHODS,
  type MonthlyVolume,
  type PaymentMethod,
} from "./lead";
import { LEAD_LIMITS as LIMITS } from "./limits";
import { formatCount } from "./text";
import { checkInput } from "./result";

/**
 * The Free Analysis form's schema: one for the browser (before submitting) and the server
 * (the /contact action). Written with zod/mini and importing no other schema; the browser
 * loads it on demand (app/enhance/form-checks.ts), not with the page; the server in
 * server/forms/free-analysis.ts.
 */

function tooLong(label: string, max: number) {
  return `${capitalise(label)} must be ${formatCount(max)} characters or fewer.`;
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
          z.maximum(max, `${label} must be $${formatCount(max)} or less.`),
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

/** The inputs read as one string each: the form's fields but the list and the file, and the hidden ones. */
const SINGLE_FIELDS = [
  ...FIELD_ORDER.filter((field) => field !== "paymentMethods" && field !== "statement"),
  "source",
  "calcVolume",
  "calcTransactions",
  "calcFees",
];

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

/**
 * The form's check, in the browser before sending and on the server: the parsed lead, or the
 * one failure shape (common/result.ts) with a message per field.
 */
export function validateLeadForm(form: FormData) {
  return checkInput(leadFormSchema, leadFormObject(form));
}
