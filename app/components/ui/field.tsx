import { CircleAlert } from "lucide-react";
import { createContext, useContext, useId, type ComponentProps, type ReactNode } from "react";
import { cn } from "~/lib/utils";
import { Label } from "./label";
import { dataAttr } from "~/enhance/data-attributes";
import { dataProps } from "~/lib/data-props";

/**
 * A form field: label, optional hint, one control, and its error, wired together. The
 * control (Input, Textarea, Select, Checkbox from this kit) takes its id, aria-invalid,
 * aria-describedby (hint, then error) and required from the field, so a screen never
 * wires them by hand:
 *
 *   <Field label="E-mail" error={fieldErrors.email} required>
 *     <Input name="email" type="email" />
 *   </Field>
 *
 * The hint's id is `<id>-hint`, the error's `<id>-error` (the id defaults to a generated one).
 */
interface FieldControl {
  id: string;
  describedBy?: string;
  invalid?: true;
  required?: boolean;
}

const FieldContext = createContext<FieldControl | null>(null);

/**
 * Inside it, every Field and FieldSet also renders its error element when there is no error
 * (hidden and empty) and marks itself `data-field` ("control" or "group"): the public forms,
 * whose script (app/enhance/form-errors.ts) shows the errors of its own check by filling these
 * in and toggling `hidden`, `aria-invalid` and `aria-describedby` as this component would.
 */
export const FieldErrorSlots = createContext(false);

const join = (...ids: Array<string | undefined | false>) => ids.filter(Boolean).join(" ") || undefined;

/** The props a kit control takes from its Field; the control's own props win. */
export function useFieldControl<P extends { id?: string; required?: boolean }>(
  props: P & { "aria-describedby"?: string; "aria-invalid"?: ComponentProps<"input">["aria-invalid"] },
): P {
  const field = useContext(FieldContext);
  if (!field) return props;
  return {
    ...props,
    id: props.id ?? field.id,
    required: props.required ?? field.required,
    "aria-invalid": props["aria-invalid"] ?? field.invalid,
    "aria-describedby": join(field.describedBy, props["aria-describedby"]),
  };
}

export interface FieldProps {
  label: ReactNode;
  /** The control's id; the default is generated. */
  id?: string;
  hint?: ReactNode;
  error?: string;
  /** Passed to the control (the browser's own check); `mark` decides what the label shows. */
  required?: boolean;
  /** " *" after the label for a required field, or "(optional)" for an optional one. */
  mark?: "required" | "optional";
  /** "horizontal": the control, then its label beside it (a single checkbox). */
  orientation?: "vertical" | "horizontal";
  className?: string;
  children: ReactNode;
}

export function Field({
  label,
  id,
  hint,
  error,
  required,
  mark,
  orientation = "vertical",
  className,
  children,
}: FieldProps) {
  const generated = useId();
  const slots = useContext(FieldErrorSlots);
  const controlId = id ?? `field${generated.replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error || slots ? `${controlId}-error` : undefined;
  const label_ = (
    <Label htmlFor={controlId} variant={orientation === "horizontal" ? "beside" : "default"}>
      {label}
      <LabelMark mark={mark} />
    </Label>
  );
  const control = (
    <FieldContext
      value={{
        id: controlId,
        describedBy: join(hintId, error && errorId),
        invalid: error ? true : undefined,
        required,
      }}
    >
      {children}
    </FieldContext>
  );
  return (
    <div
      className={cn("grid content-start gap-1.5", className)}
      {...dataProps(dataAttr.field, slots ? "control" : undefined)}
    >
      {orientation === "horizontal" ? (
        <div className="flex items-start gap-3 [&>input]:mt-0.5">
          {control}
          {label_}
        </div>
      ) : (
        label_
      )}
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {orientation === "horizontal" ? null : control}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

function LabelMark({ mark }: { mark?: FieldProps["mark"] }) {
  if (mark === "required") return <span aria-hidden> *</span>;
  if (mark === "optional") return <span className="font-normal text-muted-foreground"> (optional)</span>;
  return null;
}

export function FieldHint({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

/** The sentence beside a field in error (nothing when there is none, or a hidden slot: FieldErrorSlots). */
export function FieldError({ className, children, ...props }: ComponentProps<"p">) {
  const slot = useContext(FieldErrorSlots);
  if (!children && !slot) return null;
  return (
    <p
      className={cn("flex items-start gap-1.5 text-sm font-medium text-destructive", className)}
      hidden={!children || undefined}
      {...dataProps(dataAttr.errorSlot, slot ? "" : undefined)}
      {...props}
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </p>
  );
}

export interface FieldSetProps extends Omit<ComponentProps<"fieldset">, "children"> {
  legend: ReactNode;
  /** Base for the hint's and error's ids (`<id>-hint`, `<id>-error`). */
  id: string;
  hint?: ReactNode;
  error?: string;
  mark?: FieldProps["mark"];
  children: ReactNode;
}

/** A group of controls (checkboxes, radios) under one legend, with one hint and one error. */
export function FieldSet({ legend, id, hint, error, mark, className, children, ...props }: FieldSetProps) {
  const slots = useContext(FieldErrorSlots);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error || slots ? `${id}-error` : undefined;
  return (
    <fieldset
      aria-describedby={join(hintId, error && errorId)}
      {...dataProps(dataAttr.field, slots ? "group" : undefined)}
      className={cn("grid gap-1.5", className)}
      {...props}
    >
      <legend className="text-sm font-medium text-foreground">
        {legend}
        <LabelMark mark={mark} />
      </legend>
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {children}
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}
