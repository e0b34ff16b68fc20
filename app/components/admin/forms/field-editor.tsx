import { ArrowDown, ArrowUp, Lock, Trash2 } from "lucide-react";
import { contactFieldLabel, contactFieldsFor, FIELD_TYPES, type FieldType, type FormFieldInput } from "@common/forms";
import { FORM_LIMITS } from "@common/limits";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";

/** One field of a form definition as the editor holds it (options typed one per line). */
export type EditableField = Omit<FormFieldInput, "options"> & { optionsText: string; uid: string };

/** One row of the fields list: label, type, required, help, options, what it fills in on the contact; move and remove. */
export function FieldEditor({
  field,
  index,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  field: EditableField;
  index: number;
  count: number;
  errors: Record<string, string>;
  onChange: (patch: Partial<EditableField>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const id = `field-${field.uid}`;
  const err = (name: string) => errors[`fields.${index}.${name}`];
  const choice = field.type === "select" || field.type === "multiselect";
  const title = field.label?.trim() || `Field ${index + 1}`;
  return (
    <li className="rounded-md border border-border bg-background p-4" aria-label={`Field ${index + 1}: ${title}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 text-sm font-semibold text-foreground">
          <span className="text-muted-foreground">{index + 1}.</span> {title}
          {field.locked ? (
            <Badge variant="neutral" className="gap-1">
              <Lock className="size-3" aria-hidden /> Core field
            </Badge>
          ) : null}
        </p>
        {field.locked ? null : (
          <div className="flex gap-1">
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => onMove(-1)}
              disabled={index === 0}
              aria-label={`Move up: ${title}`}
            >
              <ArrowUp className="size-4" aria-hidden />
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => onMove(1)}
              disabled={index === count - 1}
              aria-label={`Move down: ${title}`}
            >
              <ArrowDown className="size-4" aria-hidden />
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove: ${title}`}>
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </div>
        )}
      </div>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-label`} label="Label" error={err("label")} required>
          <Input
            value={field.label ?? ""}
            maxLength={FORM_LIMITS.label}
            onChange={(e) => onChange({ label: e.target.value })}
          />
        </Field>
        <Field id={`${id}-type`} label="Type" error={err("type")}>
          <Select
            value={field.type}
            disabled={field.locked}
            onChange={(e) => onChange({ type: e.target.value as FieldType })}
          >
            {FIELD_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${id}-help`} label="Help text" mark="optional" error={err("help")} className="sm:col-span-2">
          <Input
            value={field.help ?? ""}
            maxLength={FORM_LIMITS.help}
            onChange={(e) => onChange({ help: e.target.value })}
          />
        </Field>
        {choice ? (
          <Field
            id={`${id}-options`}
            label="Options"
            hint="One per line."
            error={
              err("options") ?? Object.entries(errors).find(([k]) => k.startsWith(`fields.${index}.options.`))?.[1]
            }
            className="sm:col-span-2"
          >
            <Textarea
              rows={4}
              value={field.optionsText}
              disabled={field.locked}
              onChange={(e) => onChange({ optionsText: e.target.value })}
            />
          </Field>
        ) : null}
        {field.contact || (!field.locked && contactFieldsFor(field.type).length) ? (
          <Field
            id={`${id}-contact`}
            label="Fills in"
            mark="optional"
            hint="Which detail of the contact record, or of its lead profile, this answer gives."
            error={err("contact")}
          >
            <Select
              value={field.contact ?? ""}
              disabled={field.locked}
              onChange={(e) => onChange({ contact: (e.target.value || null) as EditableField["contact"] })}
            >
              <option value="">Nothing (an answer only)</option>
              {contactFieldsFor(field.type).map((target) => (
                <option key={target} value={target}>
                  {contactFieldLabel(target)}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        <Field id={`${id}-required`} label="Required" orientation="horizontal" error={err("required")}>
          <Checkbox
            checked={Boolean(field.required)}
            disabled={field.locked}
            onChange={(e) => onChange({ required: e.target.checked })}
          />
        </Field>
      </div>
      {err("key") ? <p className="mt-2 text-sm text-destructive-text">{err("key")}</p> : null}
    </li>
  );
}
