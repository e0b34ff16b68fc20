import { MONTHLY_VOLUMES, PAYMENT_METHODS } from "./lead";
import { CONTACT_LIMITS } from "./limits";

/**
 * A contact's lead profile: what we know about the business's card processing, typed. Each
 * entry is declared once here (its label and its kind); a form field feeds one by naming it
 * in its `contact` mapping (common/forms.ts), so the Free Analysis form's seeded definition
 * (server/forms/free-analysis.ts) says which answer fills which entry, and the contacts
 * service (server/contacts/intake.ts) converts the answer by the entry's kind. Stored as one
 * JSON object on the contact (`contacts.lead_profile`), read back through `readLeadProfile`.
 *
 * Kinds: `text` (trimmed, cut to `max`), `choice` (one of `choices`, matched by its value or
 * label), `money` (integer cents from an answer in dollars), `list` (several of `choices`).
 */
type Choice = { readonly value: string; readonly label: string };
type Entry =
  | { readonly label: string; readonly kind: "text"; readonly max: number }
  | { readonly label: string; readonly kind: "choice"; readonly choices: readonly Choice[] }
  | { readonly label: string; readonly kind: "money" }
  | { readonly label: string; readonly kind: "list"; readonly choices: readonly Choice[] };

export const LEAD_PROFILE = {
  monthlyVolume: { label: "Monthly card volume", kind: "choice", choices: MONTHLY_VOLUMES },
  averageTicketCents: { label: "Average sale (ticket)", kind: "money" },
  currentProcessor: { label: "Current processor", kind: "text", max: CONTACT_LIMITS.currentProcessor },
  paymentMethods: { label: "Takes payments", kind: "list", choices: PAYMENT_METHODS },
} as const satisfies Record<string, Entry>;

export type LeadProfileKey = keyof typeof LEAD_PROFILE;
export const LEAD_PROFILE_KEYS = Object.keys(LEAD_PROFILE) as LeadProfileKey[];

type ValueOf<E> = E extends { kind: "choice"; choices: readonly (infer C)[] }
  ? C extends Choice
    ? C["value"]
    : never
  : E extends { kind: "list"; choices: readonly (infer C)[] }
    ? C extends Choice
      ? Array<C["value"]>
      : never
    : E extends { kind: "money" }
      ? number
      : string;

/** The typed profile: every entry optional (unknown until an answer or staff fill it in). */
export type LeadProfile = { -readonly [K in LeadProfileKey]?: ValueOf<(typeof LEAD_PROFILE)[K]> };

export const isLeadProfileKey = (key: unknown): key is LeadProfileKey =>
  typeof key === "string" && Object.hasOwn(LEAD_PROFILE, key);

/** The field types whose answers an entry of this kind can take (checked when a definition is saved). */
export const PROFILE_FIELD_TYPES: Record<Entry["kind"], readonly string[]> = {
  text: ["text", "textarea", "select"],
  choice: ["select"],
  money: ["number"],
  list: ["multiselect"],
};

const matchChoice = (choices: readonly Choice[], value: unknown) =>
  typeof value === "string"
    ? choices.find((c) => c.value === value.trim() || c.label === value.trim())?.value
    : undefined;

/**
 * One entry's value from a posted or stored value, or undefined when it does not fit the
 * entry (an unknown choice, a negative amount, empty text): such a value is left out, never
 * guessed. A money value is read as dollars (an answer) unless `cents` is set (stored JSON).
 */
function entryValue(key: LeadProfileKey, raw: unknown, cents = false): unknown {
  const entry: Entry = LEAD_PROFILE[key];
  switch (entry.kind) {
    case "text": {
      const text = typeof raw === "string" ? raw.trim().slice(0, entry.max) : undefined;
      return text || undefined;
    }
    case "choice":
      return matchChoice(entry.choices, raw);
    case "money": {
      const n = typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() ? Number(raw) : NaN;
      if (!Number.isFinite(n) || n < 0) return undefined;
      return cents ? Math.round(n) : Math.round(n * 100);
    }
    case "list": {
      const list = (Array.isArray(raw) ? raw : typeof raw === "string" ? [raw] : [])
        .map((v) => matchChoice(entry.choices, v))
        .filter(Boolean);
      return list.length ? [...new Set(list)] : undefined;
    }
  }
}

/** The profile a submission's answers fill, through the definition's mapping (field key → entry). */
export function profileFromAnswers(
  fields: ReadonlyArray<{ key: string; contact?: string | null }>,
  answers: ReadonlyArray<{ key: string; value: unknown }>,
): LeadProfile {
  const profile: Record<string, unknown> = {};
  for (const field of fields) {
    if (!isLeadProfileKey(field.contact)) continue;
    const answer = answers.find((a) => a.key === field.key);
    const value = entryValue(field.contact, answer?.value);
    if (value !== undefined) profile[field.contact] = value;
  }
  return profile as LeadProfile;
}

/** A stored profile (JSON), keeping only the declared entries whose values fit. */
export function readLeadProfile(json: string | null | undefined): LeadProfile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json ?? "{}");
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== "object") return {};
  const profile: Record<string, unknown> = {};
  for (const key of LEAD_PROFILE_KEYS) {
    const value = entryValue(key, (parsed as Record<string, unknown>)[key], true);
    if (value !== undefined) profile[key] = value;
  }
  return profile as LeadProfile;
}

/** An entry as text for people (the contact's details, the CSV): labels for choices, dollars for money. */
export function profileText(key: LeadProfileKey, profile: LeadProfile): string {
  const value = profile[key];
  if (value === undefined) return "";
  const entry: Entry = LEAD_PROFILE[key];
  const label = (v: string) =>
    "choices" in entry ? (entry.choices.find((c) => c.value === v)?.label ?? v) : String(v);
  if (Array.isArray(value)) return value.map(label).join("; ");
  if (typeof value === "number") return `$${(value / 100).toFixed(2)}`;
  return label(value);
}
