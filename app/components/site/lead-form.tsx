import { useLocation } from "react-router";
import {
  CONSENT_TEXT,
  MONTHLY_VOLUMES,
  PAYMENT_METHODS,
  STATEMENT_ACCEPT,
  firstErrorField,
  type LeadActionResult,
  type LeadField,
  type LeadFormValues,
  type LeadSource,
  type CalculatorPrefill,
} from "@common/lead";
import type { FormField } from "@common/forms";
import { LEAD_LIMITS } from "@common/limits";
import type { FieldErrors } from "@common/result";
import { Checkbox } from "~/components/ui/checkbox";
import { Field, FieldErrorSlots, FieldSet } from "~/components/ui/field";
import { FileInput, Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { FormFields } from "./form-fields";
import { LeadConfirmation } from "./lead-confirmation";
import { FormErrorSummary } from "./form-error-summary";
import { FormGuardInputs } from "./form-guard-inputs";
import { FormCheckData, NoPageTransitionWithoutScripts, SendButton } from "./form-send";
import { dataAttr } from "~/enhance/data-attributes";
import { dataProps } from "~/lib/data-props";

interface LeadFormProps {
  token: string;
  /** The Free Analysis definition's labels and help texts of the core fields (staff may edit them). */
  labels?: Record<string, { label: string; help: string | null }>;
  /** Fields staff added to the Free Analysis form: shown after the message. */
  extraFields?: FormField[];
  prefill: { source: LeadSource; calculator?: CalculatorPrefill; values: LeadFormValues };
  /** The action's answer when this page answers a post of the form. */
  documentResult?: LeadActionResult;
}

function fieldId(field: string) {
  return field === "paymentMethods" ? `lead-paymentMethods-${PAYMENT_METHODS[0].value}` : `lead-${field}`;
}

/**
 * The Free Analysis form: a multipart POST to /contact, and the page that answers it shows the
 * errors (the values kept, the first field in error focused) or the confirmation. With
 * JavaScript, app/enhance/forms.ts first runs the same checks in the browser and shows their
 * errors in this markup (the error slots and the summary's template), so a visitor's attached
 * statement is not lost to a typo (decision 0037).
 */
export function LeadForm({ token, prefill, documentResult: result, labels = {}, extraFields = [] }: LeadFormProps) {
  const label = (key: string, fallback: string) => labels[key]?.label ?? fallback;
  const help = (key: string, fallback?: string) => (labels[key] ? (labels[key].help ?? undefined) : fallback);
  // Keep ?from=calculator… on the post so the answer page keeps its pre-fill context.
  const formAction = `/contact${useLocation().search}`;

  // Sent: the answer page focuses the confirmation.
  if (result?.ok)
    return (
      <LeadConfirmation
        name={result.data?.name ?? ""}
        statement={Boolean(result.data?.statement)}
        statementRefused={result.data?.statementRefused}
      />
    );

  const failed = result && !result.ok ? result : undefined;
  const errors: FieldErrors = failed?.fieldErrors ?? {};
  const values: LeadFormValues = failed?.values ?? prefill.values;
  // No script moves focus on the answer page, so it asks the browser to focus the first field
  // in error (the summary when no field is named).
  const autoFocusField = failed ? (firstErrorField(errors) ?? extraFields.find((f) => errors[f.key])?.key) : undefined;
  const autoFocus = (field: LeadField) => (autoFocusField === field ? true : undefined);

  const invalid = (field: LeadField) => (errors[field] ? true : undefined);
  /**
   * The common props of a text input: its name, the value to show again, autofocus after a plain
   * post, and 16 px text on every screen size (the kit's controls drop to 14 px from sm).
   */
  const text = (field: LeadField) => ({
    name: field,
    autoFocus: autoFocus(field),
    defaultValue: textValue(values, field),
    textSize: "base" as const,
  });

  return (
    <form
      method="post"
      action={formAction}
      encType="multipart/form-data"
      noValidate
      {...dataProps(dataAttr.publicForm, "lead")}
      aria-describedby={failed ? "lead-form-error" : undefined}
      className="grid gap-6"
    >
      {failed ? (
        <FormErrorSummary
          id="lead-form-error"
          message={failed.formError}
          links={Object.entries(errors).map(([field, text]) => ({ target: fieldId(field), text }))}
          autoFocus={!autoFocusField}
        />
      ) : null}

      <p className="text-sm text-slate-600">
        Fields marked <span aria-hidden>*</span>
        <span className="sr-only">required</span> are required. It takes about a minute.
      </p>

      <FormGuardInputs prefix="lead" token={token} answeredToken={failed?.values?.formToken} />
      <input type="hidden" name="source" value={prefill.source} readOnly />
      {prefill.calculator?.volume ? (
        <input type="hidden" name="calcVolume" value={String(prefill.calculator.volume)} readOnly />
      ) : null}
      {prefill.calculator?.transactions ? (
        <input type="hidden" name="calcTransactions" value={String(prefill.calculator.transactions)} readOnly />
      ) : null}
      {prefill.calculator?.fees ? (
        <input type="hidden" name="calcFees" value={String(prefill.calculator.fees)} readOnly />
      ) : null}

      <FieldErrorSlots value>
        <div className="grid gap-6 sm:grid-cols-2">
          <Field id="lead-name" label={label("name", "Your name")} mark="required" required error={errors.name}>
            <Input {...text("name")} autoComplete="name" maxLength={LEAD_LIMITS.name} />
          </Field>
          <Field
            id="lead-businessName"
            label={label("businessName", "Business name")}
            mark="required"
            required
            error={errors.businessName}
          >
            <Input {...text("businessName")} autoComplete="organization" maxLength={LEAD_LIMITS.businessName} />
          </Field>
          <Field id="lead-email" label={label("email", "E-mail")} mark="required" required error={errors.email}>
            <Input {...text("email")} type="email" autoComplete="email" maxLength={LEAD_LIMITS.email} />
          </Field>
          <Field id="lead-phone" label={label("phone", "Phone")} mark="required" required error={errors.phone}>
            <Input {...text("phone")} type="tel" autoComplete="tel" maxLength={LEAD_LIMITS.phone} />
          </Field>
          <Field id="lead-website" label={label("website", "Website")} mark="optional" error={errors.website}>
            <Input
              {...text("website")}
              inputMode="url"
              autoComplete="url"
              maxLength={LEAD_LIMITS.website}
              placeholder="example.com"
            />
          </Field>
          <Field
            id="lead-monthlyVolume"
            label={label("monthlyVolume", "Monthly card volume")}
            mark="required"
            required
            error={errors.monthlyVolume}
          >
            <Select
              name="monthlyVolume"
              autoFocus={autoFocus("monthlyVolume")}
              defaultValue={values.monthlyVolume ?? ""}
              textSize="base"
            >
              <option value="">Choose a range</option>
              {MONTHLY_VOLUMES.map((v) => (
                <option key={v.value} value={v.value}>
                  {v.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            id="lead-averageTicket"
            label={label("averageTicket", "Average sale (ticket)")}
            mark="optional"
            hint={help("averageTicket", "In dollars, e.g. 45.00")}
            error={errors.averageTicket}
          >
            <Input {...text("averageTicket")} inputMode="decimal" maxLength={20} />
          </Field>
          <Field
            id="lead-currentProcessor"
            label={label("currentProcessor", "Current processor")}
            mark="optional"
            hint={help("currentProcessor", "e.g. Square, your bank, or “not sure”")}
            error={errors.currentProcessor}
          >
            <Input {...text("currentProcessor")} maxLength={LEAD_LIMITS.currentProcessor} />
          </Field>
        </div>

        <FieldSet
          id="lead-paymentMethods"
          legend={label("paymentMethods", "How do you take payments?")}
          mark="required"
          hint={help("paymentMethods", "Choose all that apply.")}
          error={errors.paymentMethods}
        >
          <div className="mt-1.5 grid gap-3 sm:grid-cols-3">
            {PAYMENT_METHODS.map((m) => (
              <label
                key={m.value}
                htmlFor={`lead-paymentMethods-${m.value}`}
                className="flex cursor-pointer items-start gap-3 rounded-md border border-input bg-background p-3 text-sm text-slate-800 has-[:checked]:border-ring has-[:checked]:bg-selected"
              >
                <Checkbox
                  id={`lead-paymentMethods-${m.value}`}
                  name="paymentMethods"
                  value={m.value}
                  defaultChecked={values.paymentMethods?.includes(m.value)}
                  autoFocus={m.value === PAYMENT_METHODS[0].value ? autoFocus("paymentMethods") : undefined}
                  aria-invalid={invalid("paymentMethods")}
                  className="mt-0.5"
                />
                {m.label}
              </label>
            ))}
          </div>
        </FieldSet>

        <Field
          id="lead-message"
          label={label("message", "Anything we should know?")}
          mark="optional"
          hint={`Up to ${LEAD_LIMITS.message.toLocaleString("en-US")} characters.`}
          error={errors.message}
        >
          <Textarea
            name="message"
            autoFocus={autoFocus("message")}
            rows={5}
            maxLength={LEAD_LIMITS.message}
            defaultValue={values.message}
            textSize="base"
          />
        </Field>

        {extraFields.length ? (
          <FormFields
            fields={extraFields}
            prefix="lead"
            errors={errors as Record<string, string | undefined>}
            values={failed?.values ?? {}}
            autoFocusKey={autoFocusField}
          />
        ) : null}

        <Field
          id="lead-statement"
          label={label("statement", "Recent processing statement")}
          mark="optional"
          hint={help("statement", "PDF, PNG or JPEG, up to 10 MB. It is stored privately and read only by our staff.")}
          error={errors.statement}
        >
          <FileInput name="statement" autoFocus={autoFocus("statement")} accept={STATEMENT_ACCEPT} />
        </Field>

        <Field
          id="lead-consent"
          orientation="horizontal"
          label={label("consent", CONSENT_TEXT)}
          mark="required"
          required
          error={errors.consent}
        >
          <Checkbox
            name="consent"
            value="yes"
            autoFocus={autoFocus("consent")}
            defaultChecked={values.consent === "yes"}
          />
        </Field>
      </FieldErrorSlots>
      <NoPageTransitionWithoutScripts />
      <FormCheckData summaryId="lead-form-error" fields={extraFields} />
      <SendButton
        label="Get my free analysis"
        sendingLabel="Sending your request…"
        sendingStatus="Sending your request, please wait."
      />
    </form>
  );
}

/** A text value to show again (the lists and the consent flag are read where they are used). */
function textValue(values: LeadFormValues, field: LeadField): string | undefined {
  const value = (values as Record<string, unknown>)[field];
  return typeof value === "string" ? value : undefined;
}
