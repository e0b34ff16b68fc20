import { MAX_STATEMENT_BYTES } from "./limits";
import type { FormValues } from "./result";

/**
 * The Free Analysis form's fields, choices, statement rules and pre-fill: pure and free of
 * zod, so the /contact page renders the form without loading a schema library. The schema
 * that checks a post is in lead-schema.ts (the browser loads it when the visitor first
 * starts on the form; the server on every post).
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
/** "PDF", "PNG", "JPEG" for an accepted file's MIME type (the type itself for any other). */
export function fileTypeLabel(mimeType: string): string {
  return Object.values(STATEMENT_TYPES).find((t) => t.mime === mimeType)?.label ?? mimeType;
}
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

/**
 * The extension a stored file is saved and served under, by its type as detected from its
 * bytes (statements, form file answers, content images): never the one the visitor sent.
 */
export const FILE_EXTENSIONS = { pdf: "pdf", png: "png", jpeg: "jpg", webp: "webp", avif: "avif" } as const;
export type DetectedFileType = keyof typeof FILE_EXTENSIONS;

const MIME_FILE_TYPES: Record<string, DetectedFileType> = {
  "application/pdf": "pdf",
  "image/png": "png",
  "image/jpeg": "jpeg",
  "image/webp": "webp",
  "image/avif": "avif",
};

/** The detected type a stored file's MIME type stands for (undefined for any other). */
export function fileTypeOfMime(mimeType: string): DetectedFileType | undefined {
  return MIME_FILE_TYPES[mimeType.toLowerCase()];
}

/** What a visitor's name for a file may be before its extension (150 characters in all). */
const MAX_FILENAME = 150;
// C0 and C1 controls, DEL, the bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E,
// U+2066–U+2069: "invoice\u202Efdp.exe" shows as "invoiceexe.pdf") and what Windows forbids.
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069<>:"|?*]/g;

/**
 * The one rule for an uploaded file's name, stored and served (Content-Disposition): no path,
 * no control or bidirectional characters, one dot (the one before the extension; the others
 * become "_"), at most 150 characters, and it ends with the extension of the type detected
 * from the bytes, whatever the visitor called it: "October statement.pdf.bat" holding a PDF
 * becomes "October statement.pdf", "poly2.html" holding a PNG "poly2.png".
 */
export function sanitizeFilename(name: string, type: DetectedFileType, fallback = "file"): string {
  const ext = FILE_EXTENSIONS[type];
  const base = (name.split(/[\\/]/).pop() ?? "").normalize("NFC").replace(UNSAFE_CHARACTERS, "");
  let stem = base.replace(/\.[\p{L}\p{N}_-]{1,10}\s*$/u, ""); // the visitor's extension
  // "statement.pdf.bat": the detected type's own extension before it goes too (no "statement.pdf.pdf").
  const own = type === "jpeg" ? /\.(jpe?g)\s*$/i : new RegExp(`\\.${ext}\\s*$`, "i");
  stem = stem
    .replace(own, "")
    .replace(/\s+/g, " ")
    .replace(/\./g, "_")
    .replace(/^[\s_]+|[\s_]+$/g, "");
  const chars = Array.from(stem || fallback);
  return `${chars.slice(0, MAX_FILENAME - ext.length - 1).join("")}.${ext}`;
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
  values: FormValues;
} {
  const values: FormValues = {};
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

/** Name of the honeypot input: people never see it, bots fill it. */
// Named so browsers never autofill it (a "fax" or "company" name would be), which would
// silently drop a real lead.
export const HONEYPOT_FIELD = "referral_code";
