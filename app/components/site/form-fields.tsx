import type { HTMLAttributes } from "react";
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
 * (what the pipeline reads). A page may give a field a look of its own (FieldLook: autofill
 * hints, a placeholder, the choices' posted values, columns): the layout slot of
 * PublicFormView (public-form.tsx) is how /contact keeps its design.
 */

/** How one field's input looks and fills in, beyond what its definition says. */
export interface FieldLook {
  /** The choices a select or check boxes post (value) and show (label); the default posts the options as written. */
  choices?: ReadonlyArray<{ readonly value: string; readonly label: string }>;
  /** Check boxes side by side from the small breakpoint (default 2). */
  columns?: 2 | 3;
  /** The select's empty option (default "Choose one"). */
  prompt?: string;
  /** The hint under the label, in place of the field's help text. */
  hint?: string;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  maxLength?: number;
}

const choicesOf = (field: FormField, look?: FieldLook) =>
  look?.choices ?? field.options.map((option) => ({ value: option, label: option }));

/** The id of the input a link to this field focuses: its first check box, or its control. */
export function fieldInputId(prefix: string, field: Pick<FormField, "key" | "type" | "options">, look?: FieldLook) {
  if (field.type !== "multiselect") return `${prefix}-${field.key}`;
  return look?.choices ? `${prefix}-${field.key}-${look.choices[0]?.value}` : `${prefix}-${field.key}-0`;
}

export function FormFields({
  fields,
  prefix,
  errors,
  values,
  autoFocusKey,
  looks = {},
}: {
  fields: readonly FormField[];
  prefix: string;
  errors: Record<string, string | undefined>;
  values: FormValues;
  autoFocusKey?: string;
  looks?: Readonly<Record<string, FieldLook>>;
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
          look={looks[field.key]}
        />
      ))}
    </>
  );
}

interface OneFieldProps {
  field: FormField;
  id: string;
  error?: string;
  value: string | string[] | undefined;
  autoFocus?: true;
  look?: FieldLook;
}

/** Check boxes, one per choice, in a fieldset. */
function CheckBoxes({ field, id, error, value, autoFocus, look }: OneFieldProps) {
  const text = typeof value === "string" ? value : undefined;
  const chosen = Array.isArray(value) ? value : text ? [text] : [];
  const columns = look?.columns === 3 ? "sm:grid-cols-3" : "sm:grid-cols-2";
  const mark = field.required ? "required" : "optional";
  const hint = look?.hint ?? field.help ?? "Choose all that apply.";
  return (
    <FieldSet id={id} legend={field.label} mark={mark} hint={hint} error={error}>
      <div className={`mt-1.5 grid gap-3 ${columns}`}>
        {choicesOf(field, look).map((choice, i) => {
          const boxId = look?.choices ? `${id}-${choice.value}` : `${id}-${i}`;
          return (
            <label
              key={choice.value}
              htmlFor={boxId}
              className={
                "flex cursor-pointer items-start gap-3 rounded-md border border-input bg-background p-3 text-sm " +
                "text-slate-800 has-[:checked]:border-ring has-[:checked]:bg-selected"
              }
            >
              <Checkbox
                id={boxId}
                name={field.key}
                value={choice.value}
                defaultChecked={chosen.includes(choice.value)}
                autoFocus={i === 0 ? autoFocus : undefined}
                aria-invalid={error ? true : undefined}
                className="mt-0.5"
              />
              {choice.label}
            </label>
          );
        })}
      </div>
    </FieldSet>
  );
}

/** What a text input takes from its field's type (and the look), beyond its name and value. */
function textInputProps(field: FormField, look?: FieldLook) {
  const kind =
    field.type === "email"
      ? { type: "email", autoComplete: "email", maxLength: LEAD_LIMITS.email }
      : field.type === "phone"
        ? { type: "tel", autoComplete: "tel", maxLength: LEAD_LIMITS.phone }
        : field.type === "number"
          ? { inputMode: "decimal" as const, maxLength: 20 }
          : { maxLength: FORM_LIMITS.answerText };
  return {
    ...kind,
    ...(look?.inputMode ? { inputMode: look.inputMode } : {}),
    ...(look?.autoComplete ? { autoComplete: look.autoComplete } : {}),
    ...(look?.maxLength ? { maxLength: look.maxLength } : {}),
    ...(look?.placeholder ? { placeholder: look.placeholder } : {}),
  };
}

function OneField(props: OneFieldProps) {
  const { field, id, error, value, autoFocus, look } = props;
  const mark = field.required ? "required" : "optional";
  const text = typeof value === "string" ? value : undefined;
  const hint = look?.hint ?? field.help ?? undefined;
  const label = { id, label: field.label, mark, required: field.required, hint, error } as const;
  // The public forms keep 16 px text on every screen size (the kit's controls drop to 14 px from sm).
  const common = { name: field.key, autoFocus, textSize: "base" as const };
  switch (field.type) {
    case "multiselect":
      return <CheckBoxes {...props} />;
    case "checkbox":
    case "consent":
      return (
        <Field {...label} orientation="horizontal">
          <Checkbox name={field.key} value="yes" autoFocus={autoFocus} defaultChecked={text === "yes"} />
        </Field>
      );
    case "select":
      return (
        <Field {...label}>
          <Select {...common} defaultValue={text ?? ""}>
            <option value="">{look?.prompt ?? "Choose one"}</option>
            {choicesOf(field, look).map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </Select>
        </Field>
      );
    case "textarea":
      return (
        <Field {...label}>
          <Textarea
            {...common}
            rows={5}
            maxLength={look?.maxLength ?? FORM_LIMITS.answerLongText}
            defaultValue={text}
          />
        </Field>
      );
    case "file":
      return (
        <Field {...label} hint={hint ?? "PDF, PNG or JPEG, up to 10 MB. Stored privately and read only by our staff."}>
          <FileInput name={field.key} autoFocus={autoFocus} accept={STATEMENT_ACCEPT} />
        </Field>
      );
    default:
      return (
        <Field {...label}>
          <Input {...common} {...textInputProps(field, look)} defaultValue={text} />
        </Field>
      );
  }
}
