import {
  CONSENT_TEXT,
  checkStatement,
  MONTHLY_VOLUMES,
  PAYMENT_METHODS,
  paymentMethodLabel,
  sanitizeFilename,
  STATEMENT_SIZE_ERROR,
  STATEMENT_TYPES,
  volumeLabel,
} from "@common/lead";
import { validateLeadForm, type LeadFormInput } from "@common/lead-schema";
import {
  FREE_ANALYSIS_SLUG,
  FREE_ANALYSIS_SYSTEM_KEY,
  type Answer,
  type FormDefinition,
  type FormDefinitionData,
  type FormField,
} from "@common/forms";
import { applyCoreFields, lockCoreFields } from "./core-fields";
import { checkByDefinition, type FormChecks, type UploadedAnswerFile } from "./checks";

export { FREE_ANALYSIS_SYSTEM_KEY };

/**
 * The Free Analysis form (/contact) as a definition, seeded like any other. Its core fields are
 * those of common/lead.ts, checked by the tested lead schema (common/lead-schema.ts), so they
 * are locked: staff change their labels and help texts only, and may add optional fields of
 * their own, which the definition checks. Each field's `contact` is the definition's mapping:
 * which contact detail or lead profile entry (common/lead-profile.ts) its answer feeds.
 *
 * Adding a field to the form is a field here (and, if it feeds the contact, its `contact`).
 */
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
    contact: "monthlyVolume",
  },
  {
    key: "averageTicket",
    type: "number",
    label: "Average sale (ticket)",
    help: "In dollars, e.g. 45.00",
    required: false,
    options: [],
    contact: "averageTicketCents",
  },
  {
    key: "currentProcessor",
    type: "text",
    label: "Current processor",
    help: "e.g. Square, your bank, or “not sure”",
    required: false,
    options: [],
    contact: "currentProcessor",
  },
  {
    key: "paymentMethods",
    type: "multiselect",
    label: "How do you take payments?",
    help: "Choose all that apply.",
    required: true,
    options: PAYMENT_METHODS.map((m) => m.label),
    contact: "paymentMethods",
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
 * The Free Analysis fields as they apply: every core field as the code has it (key, type,
 * required flag, options, contact mapping), in its place, with the label and help text staff
 * gave it (the code's for one staff never saw), then staff's own fields, optional and feeding
 * no contact detail. Used when a stored definition is read, so a field added to the code
 * appears at once without a migration.
 */
export function freeAnalysisFields(fields: readonly FormField[]): FormField[] {
  return applyCoreFields(FREE_ANALYSIS_CORE_FIELDS, fields);
}

/**
 * Staff's save of the Free Analysis fields made safe (`freeAnalysisFields`), or an error
 * sentence when they tried to remove a core field.
 */
export function lockFreeAnalysisFields(fields: FormField[]): { fields: FormField[] } | { error: string } {
  return lockCoreFields("Free Analysis", FREE_ANALYSIS_CORE_FIELDS, fields);
}

/** The savings calculator's figures a request brings along (`?from=calculator`), kept as answers. */
export const CALCULATOR_ANSWERS = {
  calcVolume: "Calculator: monthly card volume ($)",
  calcTransactions: "Calculator: transactions a month",
  calcFees: "Calculator: monthly processing fees ($)",
} as const;

/**
 * Every answer of a Free Analysis post in the definition's order and with its labels: the core
 * fields as the lead schema read them (choices as their labels, as the visitor saw them), staff's
 * fields as the definition read them, then the calculator's figures.
 */
function leadAnswers(definition: FormDefinition, input: LeadFormInput, others: Answer[]): Answer[] {
  const values: Record<string, Answer["value"]> = {
    name: input.name,
    businessName: input.businessName,
    email: input.email.toLowerCase(),
    phone: input.phone,
    website: input.website ?? null,
    monthlyVolume: volumeLabel(input.monthlyVolume),
    averageTicket: input.averageTicket ?? null,
    currentProcessor: input.currentProcessor ?? null,
    paymentMethods: input.paymentMethods.map(paymentMethodLabel),
    message: input.message ?? null,
    consent: true,
  };
  const answers = definition.fields.flatMap((f): Answer[] => {
    if (f.key in values) return [{ key: f.key, label: f.label, type: f.type, value: values[f.key] ?? null }];
    return others.filter((a) => a.key === f.key);
  });
  if (input.source === "calculator") {
    const figures = {
      calcVolume: input.calcVolume,
      calcTransactions: input.calcTransactions,
      calcFees: input.calcFees,
    };
    for (const [key, label] of Object.entries(CALCULATOR_ANSWERS)) {
      const value = figures[key as keyof typeof figures];
      if (value !== undefined) answers.push({ key, label, type: "number", value });
    }
  }
  return answers;
}

/**
 * The Free Analysis form's checks: the lead schema for the core fields (its messages, the
 * calculator's hidden inputs), the statement by its content with its own messages, and the
 * definition for the fields staff added.
 */
export function freeAnalysisChecks(definition: FormDefinition): FormChecks {
  const fileFields = definition.fields.filter((f) => f.type === "file").map((f) => f.key);
  return {
    files: {
      fields: fileFields,
      sizeField: "statement",
      sizeMessage: STATEMENT_SIZE_ERROR,
      tooLargeMessage:
        "The form is larger than we accept (statements up to 10 MB). Please attach a smaller file and send it again.",
      oneFileMessage: "Please attach one statement file only.",
    },
    spamSource: "contact",
    check(form, files) {
      const valid = validateLeadForm(form);
      const others = checkByDefinition(definition, form, files);
      const fieldErrors = { ...(valid.ok ? {} : valid.fieldErrors), ...others.fieldErrors };
      const uploads: UploadedAnswerFile[] = [...others.uploads];
      const statement = files.statement;
      if (statement) {
        const checked = checkStatement(statement.bytes.byteLength, statement.bytes.subarray(0, 16));
        if ("error" in checked) fieldErrors.statement = `${checked.error} Please choose the file again.`;
        else
          uploads.unshift({
            fieldKey: "statement",
            filename: sanitizeFilename(statement.filename, checked.type, "statement"),
            mimeType: STATEMENT_TYPES[checked.type].mime,
            bytes: statement.bytes,
          });
      }
      if (!valid.ok || Object.keys(fieldErrors).length) return { ok: false, fieldErrors };
      return {
        ok: true,
        post: { answers: leadAnswers(definition, valid.data, others.answers), uploads, source: valid.data.source },
      };
    },
  };
}
