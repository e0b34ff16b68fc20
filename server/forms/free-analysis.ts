import { CONSENT_TEXT, MONTHLY_VOLUMES, PAYMENT_METHODS, paymentMethodLabel, volumeLabel } from "@common/lead";
import { FREE_ANALYSIS_SLUG, type Answer, type FormDefinitionData, type FormField } from "@common/forms";

/**
 * The Free Analysis form as a definition. Its core fields are those of common/lead.ts (the
 * /contact form validates them with leadFormSchema (common/lead-schema.ts) and they feed the contact record), so
 * they are locked: staff change their labels and help texts only, and may add optional
 * fields of their own, which /contact shows after the message.
 */
export const FREE_ANALYSIS_SYSTEM_KEY = "free-analysis";

export const FREE_ANALYSIS_CORE_FIELDS: FormField[] = [
  { key: "name", type: "text", label: "Your name", help: null, required: true, options: [], contact: "name" },
  {
    key: "businessName",
    type: "text",
    label: "Business name",
    help: null,
    required: true,
    options: [],
    contact: "businessName",
  },
  { key: "email", type: "email", label: "E-mail", help: null, required: true, options: [], contact: "email" },
  { key: "phone", type: "phone", label: "Phone", help: null, required: true, options: [], contact: "phone" },
  { key: "website", type: "text", label: "Website", help: null, required: false, options: [], contact: "website" },
  {
    key: "monthlyVolume",
    type: "select",
    label: "Monthly card volume",
    help: null,
    required: true,
    options: MONTHLY_VOLUMES.map((v) => v.label),
  },
  {
    key: "averageTicket",
    type: "number",
    label: "Average sale (ticket)",
    help: "In dollars, e.g. 45.00",
    required: false,
    options: [],
  },
  {
    key: "currentProcessor",
    type: "text",
    label: "Current processor",
    help: "e.g. Square, your bank, or “not sure”",
    required: false,
    options: [],
  },
  {
    key: "paymentMethods",
    type: "multiselect",
    label: "How do you take payments?",
    help: "Choose all that apply.",
    required: true,
    options: PAYMENT_METHODS.map((m) => m.label),
  },
  { key: "message", type: "textarea", label: "Anything we should know?", help: null, required: false, options: [] },
  {
    key: "statement",
    type: "file",
    label: "Recent processing statement",
    help: "PDF, PNG or JPEG, up to 10 MB. It is stored privately and read only by our staff.",
    required: false,
    options: [],
  },
  { key: "consent", type: "consent", label: CONSENT_TEXT, help: null, required: true, options: [] },
].map((f) => ({ ...(f as FormField), locked: true }));

export const FREE_ANALYSIS_CORE_KEYS = FREE_ANALYSIS_CORE_FIELDS.map((f) => f.key);

export const FREE_ANALYSIS_DEFAULT: FormDefinitionData = {
  name: "Free Analysis",
  slug: FREE_ANALYSIS_SLUG,
  description: "The request for a free statement analysis on /contact (and from the savings calculator).",
  fields: FREE_ANALYSIS_CORE_FIELDS,
  recipients: [],
  successMessage: "Thank you. We'll be in touch within one business day.",
  active: true,
};

/**
 * Staff's version of the Free Analysis fields made safe: every core field present, in its
 * place, with its key, type, required flag and options as the code has them (only label
 * and help text taken from staff), and every extra field optional and after the core ones.
 * Returns an error sentence when staff tried to remove a core field.
 */
export function lockFreeAnalysisFields(fields: FormField[]): { fields: FormField[] } | { error: string } {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const missing = FREE_ANALYSIS_CORE_FIELDS.filter((f) => !byKey.has(f.key));
  if (missing.length)
    return {
      error: `The Free Analysis form's core fields cannot be removed (missing: ${missing.map((f) => f.label).join(", ")}).`,
    };
  const core = FREE_ANALYSIS_CORE_FIELDS.map((f) => {
    const staff = byKey.get(f.key)!;
    return { ...f, label: staff.label, help: staff.help };
  });
  const extras = fields
    .filter((f) => !FREE_ANALYSIS_CORE_KEYS.includes(f.key))
    .map((f) => ({ ...f, required: false, contact: null, locked: undefined }));
  return { fields: [...core, ...extras] };
}

/** The submission columns a Free Analysis request fills (every submission row has them). */
export interface LeadColumns {
  answers: string | null;
  name: string;
  business_name: string;
  email: string;
  phone: string;
  website: string | null;
  monthly_volume: string;
  average_ticket_cents: number | null;
  current_processor: string | null;
  payment_methods: string;
  message: string | null;
}

/**
 * A submission's answers (label and value as the form had them when it was sent): as
 * stored, or, for a Free Analysis request stored before answers were, rebuilt from its
 * columns with the code's labels.
 */
export function submissionAnswers(row: LeadColumns): Answer[] {
  if (row.answers) return JSON.parse(row.answers) as Answer[];
  let methods: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.payment_methods);
    if (Array.isArray(parsed)) methods = parsed.map(String);
  } catch {
    methods = [];
  }
  const values: Record<string, Answer["value"]> = {
    name: row.name,
    businessName: row.business_name,
    email: row.email,
    phone: row.phone,
    website: row.website,
    monthlyVolume: row.monthly_volume ? volumeLabel(row.monthly_volume) : null,
    averageTicket: row.average_ticket_cents === null ? null : row.average_ticket_cents / 100,
    currentProcessor: row.current_processor,
    paymentMethods: methods.map(paymentMethodLabel),
    message: row.message,
  };
  return FREE_ANALYSIS_CORE_FIELDS.filter((f) => f.key in values).map((f) => ({
    key: f.key,
    label: f.label,
    type: f.type,
    value: values[f.key] ?? null,
  }));
}
