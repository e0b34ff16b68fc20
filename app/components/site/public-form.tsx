import { CircleCheck } from "lucide-react";
import type { PublicForm } from "@common/forms";
import type { ActionResult, FormValues } from "@common/result";
import { FieldErrorSlots } from "~/components/ui/field";
import { FormErrorSummary } from "./form-error-summary";
import { FormGuardInputs } from "./form-guard-inputs";
import { fieldInputId, FormFields } from "./form-fields";
import { FormCheckData, NoPageTransitionWithoutScripts, SendButton } from "./form-send";
import { dataAttr } from "~/enhance/data-attributes";
import { dataProps } from "~/lib/data-props";

export type PublicFormResult = ActionResult<{ name: string | null }>;

/**
 * A staff-built form on /forms/<slug>: a multipart POST, and the page that answers it shows the
 * errors (the values kept, the first field in error focused) or the thank-you. With JavaScript,
 * app/enhance/forms.ts first checks the answers against the definition's fields (written into
 * the page by FormCheckData) and shows their errors in this markup (decision 0037).
 */
export function PublicFormView({
  form,
  token,
  documentResult: result,
}: {
  form: PublicForm;
  token: string;
  /** The action's answer when this page answers a post of the form. */
  documentResult?: PublicFormResult;
}) {
  // Sent: the answer page focuses the thank-you.
  if (result?.ok)
    return (
      <div className="rounded-xl border border-success-border bg-success-muted p-6 sm:p-8" role="status">
        <CircleCheck className="size-10 text-accent-700" aria-hidden />
        <h2 tabIndex={-1} autoFocus className="mt-4 text-2xl font-bold text-slate-900 outline-none">
          {result.data?.name ? `Thank you, ${result.data.name.split(/\s+/)[0]}.` : "Thank you."}
        </h2>
        <p className="mt-3 whitespace-pre-line text-slate-700">{result.message ?? form.successMessage}</p>
      </div>
    );

  const failed = result && !result.ok ? result : undefined;
  const fieldErrors = failed?.fieldErrors ?? {};
  const values: FormValues = failed?.values ?? {};
  // No script moves focus on the answer page: the browser focuses the first field in error
  // (the summary when no field is named).
  const firstError = failed ? form.fields.find((f) => fieldErrors[f.key])?.key : undefined;

  return (
    <form
      method="post"
      action={`/forms/${form.slug}`}
      encType="multipart/form-data"
      noValidate
      {...dataProps(dataAttr.publicForm, "answers")}
      aria-describedby={failed ? "public-form-error" : undefined}
      className="grid gap-6"
    >
      {failed ? (
        <FormErrorSummary
          id="public-form-error"
          message={failed.formError}
          links={form.fields
            .filter((f) => fieldErrors[f.key])
            .map((f) => ({ target: fieldInputId("form", f), text: fieldErrors[f.key]! }))}
          autoFocus={!firstError}
        />
      ) : null}

      {form.fields.some((f) => f.required) ? (
        <p className="text-sm text-slate-600">
          Fields marked <span aria-hidden>*</span>
          <span className="sr-only">required</span> are required.
        </p>
      ) : null}

      <FormGuardInputs prefix="form" token={token} answeredToken={failed?.values?.formToken} />

      <FieldErrorSlots value>
        <FormFields fields={form.fields} prefix="form" errors={fieldErrors} values={values} autoFocusKey={firstError} />
      </FieldErrorSlots>
      <NoPageTransitionWithoutScripts />
      <FormCheckData summaryId="public-form-error" fields={form.fields} />
      <SendButton label="Send" sendingLabel="Sending…" sendingStatus="Sending your answers, please wait." />
    </form>
  );
}
