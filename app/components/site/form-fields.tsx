import type { FormField } from "@common/forms";
import { STATEMENT_ACCEPT } from "@common/lead";
import { FORM_LIMITS, LEAD_LIMITS } from "@common/limits";
import type { FormValues } from "@common/result";
import { Checkbox } from "~/components/ui/checkbox";
import { Field, FieldSet } from "~/components/ui/field";
import { FileInput, Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";

/**
 * The inputs of a form definition's fields, one kit Field each, named by the field's key
 * (what the pipeline reads). Used by /forms/<slug> and for the fields staff added to the
 * Free Analysis form on /contact.
 */

export function fieldInputId(prefix: string, field: Pick<FormField, "key" | "type" | "options">): string {
  return field.type === "multiselect" ? `${prefix}-${field.key}-0` : `${prefix}-${field.key}`;
}

export function FormFields({
  fields,
  prefix,
  errors,
  values,
  autoFocusKey,
}: {
  fields: readonly FormField[];
  prefix: string;
  errors: Record<string, string | undefined>;
  values: FormValues;
  autoFocusKey?: string;
}) {
  return (
    <>
      {fields.map((field) => (
        <OneField
          key={field.key}
          field={field}
          id={`${prefix}-${field.key}`}
          error={errors[field.key]}
          value={values[field.key]}
          autoFocus={autoFocusKey === field.key ? true : undefined}
        />
      ))}
    </>
  );
}

function OneField({
  field,
  id,
  error,
  value,
  autoFocus,
}: {
  field: FormField;
  id: string;
  error?: string;
  value: string | string[] | undefined;
  autoFocus?: true;
}) {
  const mark = field.required ? "required" : "optional";
  const text = typeof value === "string" ? value : undefined;
  const hint = field.help ?? undefined;
  // The public forms keep 16 px text on every screen size (the kit's controls drop to 14 px from sm).
  const common = { name: field.key, autoFocus, textSize: "base" as const };
  switch (field.type) {
    case "multiselect": {
      const chosen = Array.isArray(value) ? value : text ? [text] : [];
      return (
        <FieldSet id={id} legend={field.label} mark={mark} hint={hint ?? "Choose all that apply."} error={error}>
          <div className="mt-1.5 grid gap-3 sm:grid-cols-2">
            {field.options.map((option, i) => (
              <label
                key={option}
                htmlFor={`${id}-${i}`}
                className={
                  "flex cursor-pointer items-start gap-3 rounded-md border border-input bg-background p-3 text-sm " +
                  "text-slate-800 has-[:checked]:border-ring has-[:checked]:bg-selected"
                }
              >
                <Checkbox
                  id={`${id}-${i}`}
                  name={field.key}
                  value={option}
                  defaultChecked={chosen.includes(option)}
                  autoFocus={i === 0 ? autoFocus : undefined}
                  aria-invalid={error ? true : undefined}
                  className="mt-0.5"
                />
                {option}
              </label>
            ))}
          </div>
        </FieldSet>
      );
    }
    case "checkbox":
    case "consent":
      return (
        <Field
          id={id}
          orientation="horizontal"
          label={field.label}
          mark={mark}
          required={field.required}
          hint={hint}
          error={error}
        >
          <Checkbox name={field.key} value="yes" autoFocus={autoFocus} defaultChecked={text === "yes"} />
        </Field>
      );
    case "select":
      return (
        <Field id={id} label={field.label} mark={mark} required={field.required} hint={hint} error={error}>
          <Select {...common} defaultValue={text ?? ""}>
            <option value="">Choose one</option>
            {field.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </Field>
      );
    case "textarea":
      return (
        <Field id={id} label={field.label} mark={mark} required={field.required} hint={hint} error={error}>
          <Textarea {...common} rows={5} maxLength={FORM_LIMITS.answerLongText} defaultValue={text} />
        </Field>
      );
    case "file":
      return (
        <Field
          id={id}
          label={field.label}
          mark={mark}
          required={field.required}
          hint={hint ?? "PDF, PNG or JPEG, up to 10 MB. Stored privately and read only by our staff."}
          error={error}
        >
          <FileInput name={field.key} autoFocus={autoFocus} accept={STATEMENT_ACCEPT} />
        </Field>
      );
    default: {
      const kind =
        field.type === "email"
          ? { type: "email", autoComplete: "email", maxLength: LEAD_LIMITS.email }
          : field.type === "phone"
            ? { type: "tel", autoComplete: "tel", maxLength: LEAD_LIMITS.phone }
            : field.type === "number"
              ? { inputMode: "decimal" as const, maxLength: 20 }
              : { maxLength: FORM_LIMITS.answerText };
      return (
        <Field id={id} label={field.label} mark={mark} required={field.required} hint={hint} error={error}>
          <Input {...common} {...kind} defaultValue={text} />
        </Field>
      );
    }
  }
}
