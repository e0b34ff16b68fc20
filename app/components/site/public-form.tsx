import { CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import { CONSENT_VERSION_FIELD } from "@common/consent";
import { answerCheckedFields, FREE_ANALYSIS_SYSTEM_KEY, type PublicForm, type PublicFormSent } from "@common/forms";
import type { ActionResult, FormValues } from "@common/result";
import { FieldErrorSlots } from "~/components/ui/field";
import { FormErrorSummary } from "./form-error-summary";
import { FormGuardInputs } from "./form-guard-inputs";
import { SubmissionReference } from "./lead-confirmation";
import { fieldInputId, FormFields, type FieldLook } from "./form-fields";
import { FormCheckData, NoPageTransitionWithoutScripts, SendButton } from "./form-send";
import { dataAttr } from "~/enhance/data-attributes";
import { dataProps } from "~/lib/data-props";

export type PublicFormResult = ActionResult<PublicFormSent>;

/**
 * How a page shows a form: where its fields go and how each looks (the layout slot), the ids,
 * the sentences around it and what replaces it once sent. Every part is optional: a staff form
 * on /forms/<slug> takes the defaults; /contact gives the Free Analysis form its own design.
 */
export interface PublicFormLayout {
  /** Where the form posts (default /forms/<slug>). */
  action?: string;
  /** The inputs' id prefix (default "form") and the error summary's id (default "public-form-error"). */
  idPrefix?: string;
  summaryId?: string;
  /** Said after "Fields marked * are required." */
  note?: string;
  /** How fields look, by key. */
  looks?: Readonly<Record<string, FieldLook>>;
  /**
   * Places the fields: `field(key)` renders one, `rest()` every field not placed (fields staff
   * added land there). Default: every field in the definition's order.
   */
  arrange?: (slots: { field: (key: string) => ReactNode; rest: () => ReactNode }) => ReactNode;
  /** Hidden inputs the page adds (after the guard inputs). */
  hidden?: ReactNode;
  send?: { label: string; sendingLabel: string; sendingStatus: string };
  /** What the page that answers a sent post shows in place of the form (default: the form's thank-you). */
  sent?: (result: { message?: string; data?: PublicFormSent }) => ReactNode;
}

const DEFAULT_SEND = { label: "Send", sendingLabel: "Sending…", sendingStatus: "Sending your answers, please wait." };

/** The form's own thank-you: its success message, the visitor greeted by name. */
function ThankYou({
  form,
  message,
  name,
  reference,
}: {
  form: PublicForm;
  message?: string;
  name?: string | null;
  reference?: string | null;
}) {
  return (
    <div className="rounded-xl border border-success-border bg-success-muted p-6 sm:p-8" role="status">
      <CircleCheck className="size-10 text-accent-700" aria-hidden />
      <h2 tabIndex={-1} autoFocus className="mt-4 text-2xl font-bold text-slate-900 outline-none">
        {name ? `Thank you, ${name.split(/\s+/)[0]}.` : "Thank you."}
      </h2>
      <p className="mt-3 whitespace-pre-line text-slate-700">{message ?? form.successMessage}</p>
      {reference ? <SubmissionReference reference={reference} /> : null}
    </div>
  );
}

/**
 * The one public form renderer (decision 0036): a form definition as a multipart POST, and the
 * page that answers it shows the errors (the values kept, the first field in error focused) or
 * what replaces the form once sent. With JavaScript, app/enhance/forms.ts first checks the
 * answers in the browser (the definition's checks, written into the page by FormCheckData, and
 * the Free Analysis form's lead schema) and shows their errors in this markup (decision 0037).
 */
export function PublicFormView({
  form,
  token,
  documentResult: result,
  initialValues = {},
  layout = {},
}: {
  form: PublicForm;
  token: string;
  /** The action's answer when this page answers a post of the form. */
  documentResult?: PublicFormResult;
  /** What the inputs start with (a pre-fill from the link that opened the page). */
  initialValues?: FormValues;
  layout?: PublicFormLayout;
}) {
  const prefix = layout.idPrefix ?? "form";
  const summaryId = layout.summaryId ?? "public-form-error";
  const looks = layout.looks ?? {};
  if (result?.ok)
    return layout.sent ? (
      layout.sent(result)
    ) : (
      <ThankYou form={form} message={result.message} name={result.data?.name} reference={result.data?.reference} />
    );

  const failed = result && !result.ok ? result : undefined;
  const fieldErrors = failed?.fieldErrors ?? {};
  const values: FormValues = failed?.values ?? initialValues;
  // No script moves focus on the answer page: the browser focuses the first field in error
  // (the summary when no field is named).
  const firstError = failed ? form.fields.find((f) => fieldErrors[f.key])?.key : undefined;
  const fieldsProps = { prefix, errors: fieldErrors, values, autoFocusKey: firstError, looks };
  // The fields the layout places (a first, dry pass), so `rest()` renders the others wherever it stands.
  const placed = new Set<string>();
  layout.arrange?.({ field: (key) => (placed.add(key), null), rest: () => null });
  const field = (key: string) => {
    const found = form.fields.find((f) => f.key === key);
    return found ? <FormFields fields={[found]} {...fieldsProps} /> : null;
  };
  const rest = () => <FormFields fields={form.fields.filter((f) => !placed.has(f.key))} {...fieldsProps} />;
  const lead = form.systemKey === FREE_ANALYSIS_SYSTEM_KEY;

  return (
    <form
      method="post"
      action={layout.action ?? `/forms/${form.slug}`}
      encType="multipart/form-data"
      noValidate
      {...dataProps(dataAttr.publicForm, lead ? "lead" : "answers")}
      aria-describedby={failed ? summaryId : undefined}
      className="grid gap-6"
    >
      {failed ? (
        <FormErrorSummary
          id={summaryId}
          message={failed.formError}
          links={form.fields
            .filter((f) => fieldErrors[f.key])
            .map((f) => ({ target: fieldInputId(prefix, f, looks[f.key]), text: fieldErrors[f.key]! }))}
          autoFocus={!firstError}
        />
      ) : null}

      {form.fields.some((f) => f.required) ? (
        <p className="text-sm text-slate-600">
          Fields marked <span aria-hidden>*</span>
          <span className="sr-only">required</span>
          {` are required.${layout.note ? ` ${layout.note}` : ""}`}
        </p>
      ) : null}

      <FormGuardInputs prefix={prefix} token={token} answeredToken={failed?.values?.formToken} />
      {/* The consent text's version as this page shows it: the post is recorded with that text. */}
      {form.consentVersion ? (
        <input type="hidden" name={CONSENT_VERSION_FIELD} value={form.consentVersion} readOnly />
      ) : null}
      {layout.hidden}

      <FieldErrorSlots value>{layout.arrange ? layout.arrange({ field, rest }) : rest()}</FieldErrorSlots>
      <NoPageTransitionWithoutScripts />
      <FormCheckData summaryId={summaryId} fields={answerCheckedFields(form)} />
      <SendButton {...(layout.send ?? DEFAULT_SEND)} />
    </form>
  );
}
