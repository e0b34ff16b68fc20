import * as z from "zod/mini";
import { CONSENT_VERSION_FIELD } from "./consent";
import { autoReplySchema, type AutoReplySettings } from "./auto-reply";
import { FIELD_ORDER } from "./lead";
import { isLeadProfileKey, LEAD_PROFILE, LEAD_PROFILE_KEYS, PROFILE_FIELD_TYPES } from "./lead-profile";
import { FORM_LIMITS as LIMITS, LEAD_LIMITS } from "./limits";
import { slugSchema } from "./slug";
import { formatCount, optionalText, requiredText } from "./text";

/**
 * Form definitions (the /admin/forms screen) and the answers a public form posts. One
 * definition describes a form: its fields in order, who is told about a submission and
 * what the visitor reads afterwards. The same definition builds the check of the answers
 * in the browser and on the server (`validateAnswers`). The Free Analysis form is one
 * definition: its core fields (those of common/lead.ts) are locked, staff edit their
 * labels and help texts and add optional fields of their own.
 */

export const FIELD_TYPES = [
  { value: "text", label: "Short text" },
  { value: "email", label: "E-mail" },
  { value: "phone", label: "Phone" },
  { value: "number", label: "Number" },
  { value: "select", label: "Drop-down (one choice)" },
  { value: "multiselect", label: "Check boxes (several choices)" },
  { value: "textarea", label: "Long text" },
  { value: "checkbox", label: "Single check box (yes/no)" },
  { value: "file", label: "File upload (PDF, PNG, JPEG)" },
  { value: "consent", label: "Consent (must be ticked)" },
] as const;
export type FieldType = (typeof FIELD_TYPES)[number]["value"];
const FIELD_TYPE_VALUES = FIELD_TYPES.map((t) => t.value) as [FieldType, ...FieldType[]];

export function fieldTypeLabel(type: string): string {
  return FIELD_TYPES.find((t) => t.value === type)?.label ?? type;
}

/** The contact detail a field feeds (the first e-mail field is always the contact's e-mail). */
export const CONTACT_ROLES = ["name", "businessName", "email", "phone", "website"] as const;
export type ContactRole = (typeof CONTACT_ROLES)[number];

/**
 * What a field's answer may feed on the contact (`field.contact`: the definition's mapping):
 * a contact detail, or an entry of the lead profile (common/lead-profile.ts).
 */
export const CONTACT_FIELDS = [...CONTACT_ROLES, ...LEAD_PROFILE_KEYS] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

const ROLE_LABELS: Record<ContactRole, string> = {
  name: "Contact's name",
  businessName: "Contact's business",
  email: "Contact's e-mail",
  phone: "Contact's phone",
  website: "Contact's website",
};

/** The name of what a field feeds, for the form editor. */
export function contactFieldLabel(target: ContactField): string {
  return isLeadProfileKey(target) ? `Lead profile: ${LEAD_PROFILE[target].label}` : ROLE_LABELS[target];
}

/** What a field of this type may feed on the contact (the rules the definition's check applies). */
export function contactFieldsFor(type: FieldType): ContactField[] {
  return CONTACT_FIELDS.filter((target) => {
    if (isLeadProfileKey(target)) return PROFILE_FIELD_TYPES[LEAD_PROFILE[target].kind].includes(type);
    return target === "email" ? type === "email" : type === "text" || type === "phone";
  });
}

/** Input names the pipeline uses itself: never a field key. */
const PIPELINE_INPUTS = ["formToken", "referral_code", "source", CONSENT_VERSION_FIELD];
export const RESERVED_KEYS = [...PIPELINE_INPUTS, "calcVolume", "calcTransactions", "calcFees"];
export const FIELD_KEY_PATTERN = /^[a-z][a-zA-Z0-9_]*$/;

/** The slug of the seeded Free Analysis form (served at /contact). */
export const FREE_ANALYSIS_SLUG = "free-analysis";

const optionSchema = requiredText("the option", LIMITS.option, { missing: "Enter the option's text." });

export const formFieldSchema = z.object({
  key: z
    .string({ error: "Every field needs a key." })
    .check(
      z.trim(),
      z.minLength(1, "Every field needs a key."),
      z.maxLength(LIMITS.key, `A field key must be ${LIMITS.key} characters or fewer.`),
      z.regex(FIELD_KEY_PATTERN, "A field key starts with a letter and has only letters, digits and _."),
    ),
  type: z.enum(FIELD_TYPE_VALUES, { error: "Choose a field type." }),
  label: requiredText("the label", LIMITS.label, { missing: "Enter the field's label." }),
  help: optionalText("the help text", LIMITS.help),
  required: z._default(z.boolean(), false),
  options: z._default(
    z.array(optionSchema).check(z.maxLength(LIMITS.options, `At most ${LIMITS.options} options.`)),
    [],
  ),
  contact: z.optional(z.nullable(z.enum(CONTACT_FIELDS))),
  /** Set only by the server on the Free Analysis form's core fields. */
  locked: z.optional(z.boolean()),
});
export type FormField = z.output<typeof formFieldSchema>;
export type FormFieldInput = z.input<typeof formFieldSchema>;

const recipient = z.pipe(
  z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254, "An e-mail address is at most 254 characters.")),
  z.email("Enter valid e-mail addresses, e.g. sales@meritum.com."),
);

/** What staff save: the whole definition (fields in display order). */
export const formDefinitionSchema = z
  .object({
    name: requiredText("the form's name", LIMITS.name, { missing: "Enter the form's name." }),
    slug: slugSchema(LIMITS.slug),
    description: optionalText("the description", LIMITS.description),
    fields: z
      .array(formFieldSchema, { error: "Add at least one field." })
      .check(
        z.minLength(1, "Add at least one field."),
        z.maxLength(LIMITS.fields, `A form has at most ${LIMITS.fields} fields.`),
      ),
    recipients: z._default(
      z.array(recipient).check(z.maxLength(LIMITS.recipients, `At most ${LIMITS.recipients} recipients.`)),
      [],
    ),
    successMessage: requiredText("the success message", LIMITS.successMessage, {
      missing: "Enter the message visitors read after sending.",
    }),
    active: z._default(z.boolean(), true),
    /** The e-mail to the submitter (common/auto-reply.ts); left out, the stored one is kept. */
    autoReply: z.optional(autoReplySchema),
  })
  .check(
    z.superRefine((form, ctx) => {
      const seen = new Set<string>();
      form.fields.forEach((field, i) => {
        const at = (name: string) => ["fields", i, name];
        if (seen.has(field.key))
          ctx.addIssue({ code: "custom", path: at("key"), message: "Two fields have this key.", input: field.key });
        seen.add(field.key);
        if (RESERVED_KEYS.includes(field.key))
          ctx.addIssue({ code: "custom", path: at("key"), message: "This key is reserved.", input: field.key });
        const choice = field.type === "select" || field.type === "multiselect";
        if (choice && field.options.length === 0)
          ctx.addIssue({ code: "custom", path: at("options"), message: "Add at least one option.", input: [] });
        if (choice && new Set(field.options).size !== field.options.length)
          ctx.addIssue({ code: "custom", path: at("options"), message: "Each option once only.", input: [] });
        if (!choice && field.options.length)
          ctx.addIssue({
            code: "custom",
            path: at("options"),
            message: "Only drop-downs and check boxes have options.",
            input: [],
          });
        if (field.contact === "email" && field.type !== "email")
          ctx.addIssue({
            code: "custom",
            path: at("contact"),
            message: "The contact's e-mail must come from an e-mail field.",
            input: field.contact,
          });
        if (isLeadProfileKey(field.contact)) {
          const kind = LEAD_PROFILE[field.contact].kind;
          if (!PROFILE_FIELD_TYPES[kind].includes(field.type))
            ctx.addIssue({
              code: "custom",
              path: at("contact"),
              message: `The lead profile's “${LEAD_PROFILE[field.contact].label}” comes from ${PROFILE_FIELD_TYPES[kind]
                .map((t) => fieldTypeLabel(t).toLowerCase())
                .join(" or ")} fields.`,
              input: field.contact,
            });
        } else if (field.contact && field.contact !== "email" && !["text", "phone"].includes(field.type))
          ctx.addIssue({
            code: "custom",
            path: at("contact"),
            message: "Contact details come from short text or phone fields.",
            input: field.contact,
          });
      });
      const email = form.fields.find((f) => f.type === "email");
      if (!email || !email.required)
        ctx.addIssue({
          code: "custom",
          path: ["fields"],
          message: "Every form needs a required e-mail field: it is how the contact is found again.",
          input: form.fields,
        });
      const roles = form.fields.map((f) => f.contact).filter(Boolean);
      if (new Set(roles).size !== roles.length)
        ctx.addIssue({
          code: "custom",
          path: ["fields"],
          message: "Each contact detail can come from one field only.",
          input: form.fields,
        });
    }),
  );
export type FormDefinitionInput = z.input<typeof formDefinitionSchema>;
export type FormDefinitionData = z.output<typeof formDefinitionSchema>;

/** A stored definition as the API answers it. */
export interface FormDefinition extends Omit<FormDefinitionData, "autoReply"> {
  id: string;
  autoReply: AutoReplySettings;
  /** "free-analysis" for the seeded form whose core fields are locked; null for staff forms. */
  systemKey: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * The public part of a definition (what a page needs to render the form), with the version of
 * the consent text it shows ("" without a consent field), posted back.
 */
export type PublicForm = Pick<
  FormDefinition,
  "id" | "name" | "slug" | "description" | "fields" | "successMessage" | "systemKey"
> & { consentVersion: string };

/**
 * What a sent public form answers (the page that answers the post shows it): the visitor's name
 * (from the field that feeds the contact's name) and the file fields whose files were stored,
 * or were not (today's upload limit was reached).
 */
export interface PublicFormSent {
  name: string | null;
  /** The submission's reference ("MER-7K3QX"), as the auto-reply quotes it. */
  reference: string | null;
  filesStored: string[];
  filesRefused: string[];
}

/** The seeded Free Analysis form's system key. */
export const FREE_ANALYSIS_SYSTEM_KEY = "free-analysis";

/** The seeded privacy-request form (/forms/privacy-request; decision 0050): its system key and slug. */
export const PRIVACY_REQUEST_SYSTEM_KEY = "privacy-request";
export const PRIVACY_REQUEST_SLUG = "privacy-request";
/** The privacy-request form's choice of request, as the visitor reads it. */
export const PRIVACY_REQUEST_CHOICES = { access: "Send me a copy of my data", delete: "Delete my data" } as const;

/**
 * The fields a definition's answer check (`validateAnswers`) covers, in the browser and on the
 * server: every field, but on the Free Analysis form those its own tested schema checks
 * (common/lead-schema.ts: the core fields of common/lead.ts, the statement by its content).
 */
export function answerCheckedFields<F extends { key: string }>(form: {
  systemKey: string | null;
  fields: readonly F[];
}): F[] {
  if (form.systemKey !== FREE_ANALYSIS_SYSTEM_KEY) return [...form.fields];
  return form.fields.filter((f) => !(FIELD_ORDER as readonly string[]).includes(f.key));
}

/** A new field's key from its label: camelCase ASCII, unique among `taken`. */
export function fieldKeyFor(label: string, taken: readonly string[]): string {
  const words = label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, " ")
    .trim()
    .toLowerCase()
    .split(" ")
    .filter(Boolean);
  let base = words.map((w, i) => (i ? w.charAt(0).toUpperCase() + w.slice(1) : w)).join("");
  if (!/^[a-z]/.test(base)) base = `field${base.charAt(0).toUpperCase()}${base.slice(1)}`;
  base = base.slice(0, LIMITS.key - 3);
  if (RESERVED_KEYS.includes(base)) base = `${base}Field`;
  let key = base;
  for (let n = 2; taken.includes(key); n++) key = `${base}${n}`;
  return key;
}

// ---------------------------------------------------------------------------------------
// Answers

/** One answer as stored on a submission: the field's label and type at the time, and the value. */
export type AnswerValue = string | string[] | boolean | number | null | FileAnswer;
export interface FileAnswer {
  fileId: string;
  filename: string;
  size: number;
  mimeType: string;
}
export interface Answer {
  key: string;
  label: string;
  type: FieldType;
  value: AnswerValue;
}

const PHONE = /^[0-9+().\-\s]*(?:(?:ext\.?|x)\s*\d{1,6})?$/i;
const NUMBER = /^-?\d{1,12}(\.\d{1,4})?$/;
const TEXT_MAX: Partial<Record<FieldType, number>> = {
  text: LIMITS.answerText,
  email: LEAD_LIMITS.email,
  phone: LEAD_LIMITS.phone,
  textarea: LIMITS.answerLongText,
  number: 20,
};

export type AnswerErrors = Record<string, string>;
/** A posted value: a string, the strings of a repeated field, or a file's description. */
export type PostedValue = string | string[] | { size: number; filename: string } | undefined;

function checkOne(field: FormField, raw: PostedValue): { error?: string; value?: AnswerValue } {
  const label = field.label.replace(/[.:?]+$/, "");
  const missing = () => (field.required ? { error: `Please fill in “${label}”.` } : { value: null });
  if (field.type === "file") {
    if (!raw || typeof raw !== "object" || Array.isArray(raw) || raw.size === 0) return missing();
    return {}; // the pipeline checks the bytes
  }
  if (field.type === "multiselect") {
    const list = (Array.isArray(raw) ? raw : typeof raw === "string" && raw ? [raw] : []).filter((v) => v !== "");
    if (!list.length)
      return field.required ? { error: `Please choose at least one option for “${label}”.` } : { value: [] };
    if (list.some((v) => !field.options.includes(v)))
      return { error: `Please choose from the listed options for “${label}”.` };
    return { value: [...new Set(list)] };
  }
  const text = typeof raw === "string" ? raw.trim() : Array.isArray(raw) ? (raw[0] ?? "").trim() : "";
  if (field.type === "checkbox") {
    if (field.required && !text) return { error: `Please tick “${label}”.` };
    return { value: Boolean(text) };
  }
  if (field.type === "consent") {
    if (!text) return field.required ? { error: `Please agree: “${label}”.` } : { value: false };
    return { value: true };
  }
  if (!text && field.type === "select" && field.required) return { error: `Please choose an option for “${label}”.` };
  if (!text) return missing();
  const max = TEXT_MAX[field.type];
  if (max && text.length > max) return { error: `“${label}” must be ${formatCount(max)} characters or fewer.` };
  switch (field.type) {
    case "email":
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)
        ? { value: text.toLowerCase() }
        : { error: `Please enter a valid e-mail address for “${label}”, e.g. name@business.com.` };
    case "phone": {
      const digits = text.replace(/(?:ext\.?|x)\s*\d+$/i, "").replace(/\D/g, "").length;
      return PHONE.test(text) && digits >= 7 && digits <= 15
        ? { value: text }
        : { error: `Please enter a phone number for “${label}”, e.g. (480) 555-0123.` };
    }
    case "number": {
      const cleaned = text.replace(/[,\s$]/g, "");
      return NUMBER.test(cleaned) ? { value: Number(cleaned) } : { error: `“${label}” must be a number, e.g. 42.` };
    }
    case "select":
      return field.options.includes(text) ? { value: text } : { error: `Please choose an option for “${label}”.` };
    default:
      return { value: text };
  }
}

/**
 * Checks posted values against a definition's fields (in the browser before sending and on
 * the server): the answers in field order, or one message per field in error. File fields
 * only say whether a file came; the pipeline reads and checks its bytes.
 */
export function validateAnswers(
  fields: readonly FormField[],
  read: (key: string) => PostedValue,
): { ok: true; answers: Answer[] } | { ok: false; fieldErrors: AnswerErrors } {
  const answers: Answer[] = [];
  const fieldErrors: AnswerErrors = {};
  for (const field of fields) {
    const { error, value } = checkOne(field, read(field.key));
    if (error) fieldErrors[field.key] = error;
    else if (field.type !== "file")
      answers.push({ key: field.key, label: field.label, type: field.type, value: value ?? null });
  }
  return Object.keys(fieldErrors).length ? { ok: false, fieldErrors } : { ok: true, answers };
}

/** Reads a field's value from FormData (files as their size and name). */
export function formDataReader(form: FormData, files?: Record<string, { size: number; filename: string }>) {
  return (key: string): PostedValue => {
    if (files && key in files) return files[key];
    const all = form.getAll(key);
    if (all.length === 0) return undefined;
    const first = all[0];
    if (typeof File !== "undefined" && first instanceof File) return { size: first.size, filename: first.name };
    const strings = all.filter((v): v is string => typeof v === "string");
    return strings.length > 1 ? strings : strings[0];
  };
}

/** An answer as one line of text (e-mails, CSV, the admin detail). */
export function answerText(answer: Pick<Answer, "type" | "value">): string {
  const v = answer.value;
  if (v === null || v === undefined) return "";
  if (Array.isArray(v)) return v.join("; ");
  if (typeof v === "boolean") return v ? "Yes" : "No";
  if (typeof v === "object") return v.filename;
  return String(v);
}
