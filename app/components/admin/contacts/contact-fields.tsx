import { MONTHLY_VOLUMES } from "@common/lead";
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
      <Field label="Monthly card volume" id={`${idPrefix}-volume`} error={fieldErrors.monthlyVolume}>
        <Select name="monthlyVolume" defaultValue={contact?.monthlyVolume ?? ""}>
          <option value="">Not known</option>
          {MONTHLY_VOLUMES.map((v) => (
            <option key={v.value} value={v.value}>
              {v.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Current processor" id={`${idPrefix}-processor`} error={fieldErrors.currentProcessor}>
        <Input
          name="currentProcessor"
          defaultValue={contact?.currentProcessor ?? ""}
          maxLength={CONTACT_LIMITS.currentProcessor}
        />
      </Field>
    </div>
  );
}
