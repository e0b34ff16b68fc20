import { EDITABLE_PROFILE_KEYS } from "@common/contacts";
import { LEAD_PROFILE, type LeadProfileKey } from "@common/lead-profile";
import { CONTACT_LIMITS } from "@common/limits";
import type { Contact } from "@server/contacts/contacts";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";

/** The editable details of a contact (adding one by hand, or editing). */
export function ContactFields({
  idPrefix,
  contact,
  fieldErrors,
}: {
  idPrefix: string;
  contact?: Contact;
  fieldErrors: Record<string, string>;
}) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Field label="Name" id={`${idPrefix}-name`} required mark="required" error={fieldErrors.name}>
        <Input name="name" defaultValue={contact?.name} maxLength={CONTACT_LIMITS.name} autoComplete="off" />
      </Field>
      <Field label="E-mail" id={`${idPrefix}-email`} required mark="required" error={fieldErrors.email}>
        <Input
          name="email"
          type="email"
          defaultValue={contact?.email}
          maxLength={CONTACT_LIMITS.email}
          autoComplete="off"
        />
      </Field>
      <Field label="Business name" id={`${idPrefix}-business`} error={fieldErrors.businessName}>
        <Input name="businessName" defaultValue={contact?.businessName} maxLength={CONTACT_LIMITS.businessName} />
      </Field>
      <Field label="Phone" id={`${idPrefix}-phone`} error={fieldErrors.phone}>
        <Input name="phone" type="tel" defaultValue={contact?.phone} maxLength={CONTACT_LIMITS.phone} />
      </Field>
      <Field label="Website" id={`${idPrefix}-website`} error={fieldErrors.website}>
        <Input name="website" defaultValue={contact?.website ?? ""} maxLength={CONTACT_LIMITS.website} />
      </Field>
      {EDITABLE_PROFILE_KEYS.map((key) => (
        <ProfileField key={key} name={key} idPrefix={idPrefix} contact={contact} error={fieldErrors[key]} />
      ))}
    </div>
  );
}

/** One entry of the lead profile (common/lead-profile.ts), by its kind; money is typed in dollars. */
function ProfileField({
  name,
  idPrefix,
  contact,
  error,
}: {
  name: LeadProfileKey;
  idPrefix: string;
  contact?: Contact;
  error?: string;
}) {
  const entry: (typeof LEAD_PROFILE)[LeadProfileKey] = LEAD_PROFILE[name];
  const value = contact?.profile[name];
  const id = `${idPrefix}-${name}`;
  if (entry.kind === "choice")
    return (
      <Field label={entry.label} id={id} error={error}>
        <Select name={name} defaultValue={typeof value === "string" ? value : ""}>
          <option value="">Not known</option>
          {entry.choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </Select>
      </Field>
    );
  if (entry.kind === "money")
    return (
      <Field label={`${entry.label} ($)`} id={id} error={error}>
        <Input
          name={name}
          inputMode="decimal"
          defaultValue={typeof value === "number" ? (value / 100).toFixed(2) : ""}
          maxLength={14}
        />
      </Field>
    );
  return (
    <Field label={entry.label} id={id} error={error}>
      <Input
        name={name}
        defaultValue={typeof value === "string" ? value : ""}
        maxLength={entry.kind === "text" ? entry.max : undefined}
      />
    </Field>
  );
}
