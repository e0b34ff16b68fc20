import { CircleCheck, CircleAlert } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Field, FieldSet } from "~/components/ui/field";
import { FileInput, Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/use-toast";
import {
  CONSENT_TEXT,
  HONEYPOT_FIELD,
  LIMITS,
  MONTHLY_VOLUMES,
  PAYMENT_METHODS,
  STATEMENT_ACCEPT,
  checkStatement,
  firstErrorField,
  validateLeadForm,
  type FieldErrors,
  type LeadActionResult,
  type LeadField,
  type LeadFormValues,
  type LeadSource,
  type CalculatorPrefill,
} from "~/lib/lead-form";
import { telHref, useRootData } from "~/lib/site";
import { cn } from "~/lib/utils";

interface LeadFormProps {
  token: string;
  prefill: { source: LeadSource; calculator?: CalculatorPrefill; values: LeadFormValues };
  /** The action's answer to a plain (no-JavaScript) form post, when there was one. */
  documentResult?: LeadActionResult;
}

/** The public form keeps 16 px text on every screen size (the kit's controls drop to 14 px from sm). */
const publicControl = "sm:text-base";

function fieldId(field: LeadField) {
  return field === "paymentMethods" ? `lead-paymentMethods-${PAYMENT_METHODS[0].value}` : `lead-${field}`;
}

/**
 * The Free Analysis form. Without JavaScript it is a plain multipart POST to /contact and
 * the page re-renders with errors or the confirmation; with JavaScript it validates with
 * the same schema first, then submits through a fetcher (no reload).
 */
export function LeadForm({ token, prefill, documentResult }: LeadFormProps) {
  const fetcher = useFetcher<LeadActionResult>();
  const result = fetcher.data ?? documentResult;
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const confirmationRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const pending = fetcher.state !== "idle";
  // Keep ?from=calculator… on the post so a re-rendered page keeps its pre-fill context.
  const formAction = `/contact${useLocation().search}`;

  const serverErrors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const errors: FieldErrors = clientErrors ?? serverErrors;
  const formError = clientErrors
    ? Object.keys(clientErrors).length
      ? "Please correct the highlighted fields and send the form again."
      : undefined
    : result && !result.ok
      ? result.formError
      : undefined;
  const values: LeadFormValues = result && !result.ok && result.values ? result.values : prefill.values;
  const currentToken = result && !result.ok ? result.token : token;

  // A new answer from the server: show its errors (or the confirmation) and move focus.
  useEffect(() => {
    if (!fetcher.data) return;
    setClientErrors(null);
    if (fetcher.data.ok) {
      toast({ title: "Request sent", description: "Thank you. We'll be in touch within one business day." });
      confirmationRef.current?.focus();
    } else {
      focusFirstError(fetcher.data.fieldErrors ?? {});
    }
  }, [fetcher.data]);

  // After a plain form post, put focus where the visitor needs to look.
  useEffect(() => {
    if (!documentResult) return;
    if (documentResult.ok) confirmationRef.current?.focus();
    else focusFirstError(documentResult.fieldErrors ?? {});
  }, [documentResult]);

  function focusFirstError(fieldErrors: FieldErrors) {
    const first = firstErrorField(fieldErrors);
    const target = first ? document.getElementById(fieldId(first)) : summaryRef.current;
    target?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const checked = validateLeadForm(data);
    const found: FieldErrors = checked.success ? {} : { ...checked.fieldErrors };
    const file = data.get("statement");
    if (file instanceof File && file.size > 0) {
      const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
      const statement = checkStatement(file.size, head);
      if ("error" in statement) found.statement = statement.error;
    }
    setClientErrors(found);
    if (Object.keys(found).length) {
      focusFirstError(found);
      return;
    }
    setClientErrors(null);
    fetcher.submit(form, { method: "post", encType: "multipart/form-data", action: formAction });
  }

  if (result?.ok)
    return (
      <Confirmation ref={confirmationRef} name={result.name} statement={result.statement} autoFocus={!fetcher.data} />
    );

  // Without JavaScript nothing can move focus after the post, so the re-rendered page asks
  // the browser to focus the first field in error (the summary when no field is named).
  const documentErrors =
    !fetcher.data && !clientErrors && documentResult && !documentResult.ok ? documentResult : undefined;
  const autoFocusField = documentErrors ? firstErrorField(documentErrors.fieldErrors ?? {}) : undefined;
  const autoFocus = (field: LeadField) => (autoFocusField === field ? true : undefined);

  const invalid = (field: LeadField) => (errors[field] ? true : undefined);
  /** The common props of a text input: its name, the value to show again, autofocus after a plain post. */
  const text = (field: LeadField) => ({
    name: field,
    autoFocus: autoFocus(field),
    defaultValue: values[field as keyof LeadFormValues] as string | undefined,
    className: publicControl,
  });

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={formAction}
      encType="multipart/form-data"
      noValidate
      onSubmit={onSubmit}
      aria-describedby={formError ? "lead-form-error" : undefined}
      className="grid gap-6"
    >
      {formError ? (
        <div
          ref={summaryRef}
          id="lead-form-error"
          role="alert"
          tabIndex={-1}
          autoFocus={documentErrors && !autoFocusField ? true : undefined}
          className="flex gap-3 rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-800 outline-none"
        >
          <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
          <div>
            <p className="font-semibold">{formError}</p>
            {Object.keys(errors).length > 0 ? (
              <ul className="mt-2 grid list-disc gap-1 pl-5">
                {(Object.keys(errors) as LeadField[]).map((field) => (
                  <li key={field}>
                    <a className="inline-block min-h-6 py-0.5 underline" href={`#${fieldId(field)}`}>
                      {errors[field]}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
      ) : null}

      <p className="text-sm text-slate-600">
        Fields marked <span aria-hidden>*</span>
        <span className="sr-only">required</span> are required. It takes about a minute.
      </p>

      <input type="hidden" name="formToken" value={currentToken} readOnly />
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

      {/* Honeypot: off-screen and hidden from assistive technology; people leave it empty. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor={`lead-${HONEYPOT_FIELD}`}>Referral code (leave this empty)</label>
        <input
          id={`lead-${HONEYPOT_FIELD}`}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>

      <div className="grid gap-6 sm:grid-cols-2">
        <Field id="lead-name" label="Your name" mark="required" required error={errors.name}>
          <Input {...text("name")} autoComplete="name" maxLength={LIMITS.name} />
        </Field>
        <Field id="lead-businessName" label="Business name" mark="required" required error={errors.businessName}>
          <Input {...text("businessName")} autoComplete="organization" maxLength={LIMITS.businessName} />
        </Field>
        <Field id="lead-email" label="E-mail" mark="required" required error={errors.email}>
          <Input {...text("email")} type="email" autoComplete="email" maxLength={LIMITS.email} />
        </Field>
        <Field id="lead-phone" label="Phone" mark="required" required error={errors.phone}>
          <Input {...text("phone")} type="tel" autoComplete="tel" maxLength={LIMITS.phone} />
        </Field>
        <Field id="lead-website" label="Website" mark="optional" error={errors.website}>
          <Input
            {...text("website")}
            inputMode="url"
            autoComplete="url"
            maxLength={LIMITS.website}
            placeholder="example.com"
          />
        </Field>
        <Field
          id="lead-monthlyVolume"
          label="Monthly card volume"
          mark="required"
          required
          error={errors.monthlyVolume}
        >
          <Select
            name="monthlyVolume"
            autoFocus={autoFocus("monthlyVolume")}
            defaultValue={values.monthlyVolume ?? ""}
            className={publicControl}
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
          label="Average sale (ticket)"
          mark="optional"
          hint="In dollars, e.g. 45.00"
          error={errors.averageTicket}
        >
          <Input {...text("averageTicket")} inputMode="decimal" maxLength={20} />
        </Field>
        <Field
          id="lead-currentProcessor"
          label="Current processor"
          mark="optional"
          hint="e.g. Square, your bank, or “not sure”"
          error={errors.currentProcessor}
        >
          <Input {...text("currentProcessor")} maxLength={LIMITS.currentProcessor} />
        </Field>
      </div>

      <FieldSet
        id="lead-paymentMethods"
        legend="How do you take payments?"
        mark="required"
        hint="Choose all that apply."
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
        label="Anything we should know?"
        mark="optional"
        hint={`Up to ${LIMITS.message.toLocaleString("en-US")} characters.`}
        error={errors.message}
      >
        <Textarea
          name="message"
          autoFocus={autoFocus("message")}
          rows={5}
          maxLength={LIMITS.message}
          defaultValue={values.message}
          className={publicControl}
        />
      </Field>

      <Field
        id="lead-statement"
        label="Recent processing statement"
        mark="optional"
        hint="PDF, PNG or JPEG, up to 10 MB. It is stored privately and read only by our staff."
        error={errors.statement}
      >
        <FileInput name="statement" autoFocus={autoFocus("statement")} accept={STATEMENT_ACCEPT} />
      </Field>

      <Field
        id="lead-consent"
        orientation="horizontal"
        label={CONSENT_TEXT}
        mark="required"
        required
        error={errors.consent}
      >
        <Checkbox name="consent" value="yes" autoFocus={autoFocus("consent")} defaultChecked={values.consent} />
      </Field>

      <div>
        <Button type="submit" size="lg" disabled={pending} aria-disabled={pending || undefined}>
          {pending ? "Sending your request…" : "Get my free analysis"}
        </Button>
        <p className="mt-3 text-sm text-slate-600" aria-live="polite">
          {pending ? "Sending your request, please wait." : ""}
        </p>
      </div>
    </fetcher.Form>
  );
}

function Confirmation({
  ref,
  name,
  statement,
  autoFocus,
}: {
  ref: React.Ref<HTMLHeadingElement>;
  name: string;
  statement: boolean;
  autoFocus?: boolean;
}) {
  const { settings, owner } = useRootData();
  const firstName = name.trim().split(/\s+/)[0] || name;
  return (
    <div className="rounded-xl border border-accent-200 bg-accent-50 p-6 sm:p-8" role="status">
      <CircleCheck className="size-10 text-accent-700" aria-hidden />
      <h3 ref={ref} tabIndex={-1} autoFocus={autoFocus} className="mt-4 text-2xl font-bold text-slate-900 outline-none">
        Thank you, {firstName}. Your request is in.
      </h3>
      <p className="mt-3 text-slate-700">
        {owner.name}, our {settings.ownerTitle.toLowerCase()}, or a member of our team reviews every request personally.
        We'll call or e-mail you <strong>within one business day</strong>
        {statement ? ", and we've received your statement for a line-by-line review" : ""}.
      </p>
      <p className="mt-3 text-slate-700">
        Prefer to talk now? Call{" "}
        <a className={cn("font-semibold text-brand-700 underline")} href={telHref(settings.phone)}>
          {settings.phone}
        </a>{" "}
        ({settings.businessHours}).
      </p>
    </div>
  );
}
