import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher, useLocation } from "react-router";
import {
  CONSENT_TEXT,
  MONTHLY_VOLUMES,
  PAYMENT_METHODS,
  STATEMENT_ACCEPT,
  checkStatement,
  firstErrorField,
  type LeadActionResult,
  type LeadField,
  type LeadFormValues,
  type LeadSource,
  type CalculatorPrefill,
} from "@common/lead";
import type { FormField } from "@common/forms";
import { LEAD_LIMITS } from "@common/limits";
import { CHECK_FIELDS_MESSAGE, type ActionFailure, type FieldErrors } from "@common/result";
import { buttonVariants } from "~/components/ui/button-variants";
import { Checkbox } from "~/components/ui/checkbox";
import { Field, FieldSet } from "~/components/ui/field";
import { FileInput, Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { useResultFeedback } from "~/components/ui/use-result-feedback";
import { FormFields } from "./form-fields";
import { LeadConfirmation } from "./lead-confirmation";
import { FormErrorSummary } from "./form-error-summary";
import { FormGuardInputs } from "./form-guard-inputs";
import { loadFormChecks } from "./load-form-checks";

interface LeadFormProps {
  token: string;
  /** The Free Analysis definition's labels and help texts of the core fields (staff may edit them). */
  labels?: Record<string, { label: string; help: string | null }>;
  /** Fields staff added to the Free Analysis form: shown after the message. */
  extraFields?: FormField[];
  prefill: { source: LeadSource; calculator?: CalculatorPrefill; values: LeadFormValues };
  /** The action's answer to a plain (no-JavaScript) form post, when there was one. */
  documentResult?: LeadActionResult;
}

const SENT_TOAST = { title: "Request sent", description: "Thank you. We'll be in touch within one business day." };

function fieldId(field: string) {
  return field === "paymentMethods" ? `lead-paymentMethods-${PAYMENT_METHODS[0].value}` : `lead-${field}`;
}

/**
 * The Free Analysis form. Without JavaScript it is a plain multipart POST to /contact and
 * the page re-renders with errors or the confirmation; with JavaScript it validates with
 * the same schema first, then submits through a fetcher (no reload). Either way the
 * answer is the one ActionResult shape, shown through useResultFeedback.
 */
export function LeadForm({ token, prefill, documentResult, labels = {}, extraFields = [] }: LeadFormProps) {
  const label = (key: string, fallback: string) => labels[key]?.label ?? fallback;
  const help = (key: string, fallback?: string) => (labels[key] ? (labels[key].help ?? undefined) : fallback);
  const fetcher = useFetcher<LeadActionResult>();
  const result = fetcher.data ?? documentResult;
  // This browser's own check before sending, remembered with the server answer it followed:
  // it is the newest outcome until the server answers again.
  const [clientCheck, setClientCheck] = useState<{ failure: ActionFailure; after: unknown }>();
  const formRef = useRef<HTMLFormElement>(null);
  const confirmationRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const pending = fetcher.state !== "idle";
  // Keep ?from=calculator… on the post so a re-rendered page keeps its pre-fill context.
  const formAction = `/contact${useLocation().search}`;

  const outcome = clientCheck && clientCheck.after === fetcher.data ? clientCheck.failure : result;
  const { formError, fieldErrors } = useResultFeedback(outcome, {
    form: formRef,
    summary: summaryRef,
    errorToast: false,
    success: outcome === fetcher.data ? SENT_TOAST : false,
  });
  const errors: FieldErrors = fieldErrors;
  const failed = result && !result.ok ? result : undefined;
  const values: LeadFormValues = failed?.values ?? prefill.values;
  // Sent: the confirmation takes the focus.
  useEffect(() => {
    if (result?.ok) confirmationRef.current?.focus();
  }, [result]);

  // The checks load on demand (first focus or submit); a second press while they run is ignored.
  const checking = useRef(false);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || checking.current) return;
    checking.current = true;
    try {
      await checkAndSend(event.currentTarget);
    } finally {
      checking.current = false;
    }
  }

  async function checkAndSend(form: HTMLFormElement) {
    const data = new FormData(form);
    const found: FieldErrors = {};
    const checks = await loadFormChecks();
    if (checks) {
      const checked = checks.validateLeadForm(data);
      if (!checked.ok) Object.assign(found, checked.fieldErrors);
      const extras = checks.validateAnswers(extraFields, checks.formDataReader(data));
      if (!extras.ok) Object.assign(found, extras.fieldErrors);
    }
    const file = data.get("statement");
    if (file instanceof File && file.size > 0) {
      const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
      const statement = checkStatement(file.size, head);
      if ("error" in statement) found.statement = statement.error;
    }
    if (Object.keys(found).length) {
      setClientCheck({
        failure: { ok: false, formError: CHECK_FIELDS_MESSAGE, fieldErrors: found },
        after: fetcher.data,
      });
      return;
    }
    fetcher.submit(form, { method: "post", encType: "multipart/form-data", action: formAction });
  }

  if (result?.ok)
    return (
      <LeadConfirmation
        ref={confirmationRef}
        name={result.data?.name ?? ""}
        statement={Boolean(result.data?.statement)}
        statementRefused={result.data?.statementRefused}
        autoFocus={!fetcher.data}
      />
    );

  // Without JavaScript nothing can move focus after the post, so the re-rendered page asks
  // the browser to focus the first field in error (the summary when no field is named).
  const documentErrors =
    outcome === documentResult && documentResult && !documentResult.ok ? documentResult : undefined;
  const autoFocusField = documentErrors
    ? (firstErrorField(documentErrors.fieldErrors ?? {}) ??
      extraFields.find((f) => (documentErrors.fieldErrors as Record<string, string> | undefined)?.[f.key])?.key)
    : undefined;
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
    <fetcher.Form
      ref={formRef}
      method="post"
      action={formAction}
      encType="multipart/form-data"
      noValidate
      onSubmit={onSubmit}
      onFocus={() => void loadFormChecks()}
      aria-describedby={formError ? "lead-form-error" : undefined}
      className="grid gap-6"
    >
      {formError ? (
        <FormErrorSummary
          ref={summaryRef}
          id="lead-form-error"
          message={formError}
          links={Object.entries(errors).map(([field, text]) => ({ target: fieldId(field), text }))}
          autoFocus={Boolean(documentErrors && !autoFocusField)}
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

      <div>
        <button
          type="submit"
          className={buttonVariants({ size: "lg" })}
          disabled={pending}
          aria-disabled={pending || undefined}
        >
          {pending ? "Sending your request…" : "Get my free analysis"}
        </button>
        <p className="mt-3 text-sm text-slate-600" aria-live="polite">
          {pending ? "Sending your request, please wait." : ""}
        </p>
      </div>
    </fetcher.Form>
  );
}

/** A text value to show again (the lists and the consent flag are read where they are used). */
function textValue(values: LeadFormValues, field: LeadField): string | undefined {
  const value = (values as Record<string, unknown>)[field];
  return typeof value === "string" ? value : undefined;
}
