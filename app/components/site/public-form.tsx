import { CircleCheck } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import type { PublicForm } from "@common/forms";
import { CHECK_FIELDS_MESSAGE, type ActionFailure, type ActionResult, type FormValues } from "@common/result";
import { buttonVariants } from "~/components/ui/button-variants";
import { useResultFeedback } from "~/components/ui/use-result-feedback";
import { FormErrorSummary } from "./form-error-summary";
import { FormGuardInputs } from "./form-guard-inputs";
import { fieldInputId, FormFields } from "./form-fields";
import { loadFormChecks } from "./load-form-checks";

export type PublicFormResult = ActionResult<{ name: string | null }>;

/**
 * A staff-built form on /forms/<slug>. Without JavaScript a plain multipart POST and the
 * page re-renders; with JavaScript the definition's own check runs first, then a fetcher
 * posts. The answer is the one ActionResult shape, shown through useResultFeedback.
 */
export function PublicFormView({
  form,
  token,
  documentResult,
}: {
  form: PublicForm;
  token: string;
  documentResult?: PublicFormResult;
}) {
  const fetcher = useFetcher<PublicFormResult>();
  const result = fetcher.data ?? documentResult;
  const [clientCheck, setClientCheck] = useState<{ failure: ActionFailure; after: unknown }>();
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const pending = fetcher.state !== "idle";
  const action = `/forms/${form.slug}`;
  const outcome = clientCheck && clientCheck.after === fetcher.data ? clientCheck.failure : result;
  const { formError, fieldErrors } = useResultFeedback(outcome, {
    form: formRef,
    summary: summaryRef,
    errorToast: false,
    success: false,
  });
  const failed = result && !result.ok ? result : undefined;
  const values: FormValues = failed?.values ?? {};

  useEffect(() => {
    if (result?.ok) doneRef.current?.focus();
  }, [result]);

  // The checks load on demand (first focus or submit); a second press while they load is ignored.
  const checking = useRef(false);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || checking.current) return;
    const element = event.currentTarget;
    checking.current = true;
    const checks = await loadFormChecks();
    checking.current = false;
    const checked = checks?.validateAnswers(form.fields, checks.formDataReader(new FormData(element)));
    if (checked && !checked.ok) {
      setClientCheck({
        failure: { ok: false, formError: CHECK_FIELDS_MESSAGE, fieldErrors: checked.fieldErrors },
        after: fetcher.data,
      });
      return;
    }
    fetcher.submit(element, { method: "post", encType: "multipart/form-data", action });
  }

  if (result?.ok)
    return (
      <div className="rounded-xl border border-success-border bg-success-muted p-6 sm:p-8" role="status">
        <CircleCheck className="size-10 text-accent-700" aria-hidden />
        <h2
          ref={doneRef}
          tabIndex={-1}
          autoFocus={!fetcher.data}
          className="mt-4 text-2xl font-bold text-slate-900 outline-none"
        >
          {result.data?.name ? `Thank you, ${result.data.name.split(/\s+/)[0]}.` : "Thank you."}
        </h2>
        <p className="mt-3 whitespace-pre-line text-slate-700">{result.message ?? form.successMessage}</p>
      </div>
    );

  const documentErrors =
    outcome === documentResult && documentResult && !documentResult.ok ? documentResult : undefined;
  const firstError = documentErrors ? form.fields.find((f) => documentErrors.fieldErrors?.[f.key])?.key : undefined;

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={action}
      encType="multipart/form-data"
      noValidate
      onSubmit={onSubmit}
      onFocus={() => void loadFormChecks()}
      aria-describedby={formError ? "public-form-error" : undefined}
      className="grid gap-6"
    >
      {formError ? (
        <FormErrorSummary
          ref={summaryRef}
          id="public-form-error"
          message={formError}
          links={form.fields
            .filter((f) => fieldErrors[f.key])
            .map((f) => ({ target: fieldInputId("form", f), text: fieldErrors[f.key]! }))}
          autoFocus={Boolean(documentErrors && !firstError)}
        />
      ) : null}

      {form.fields.some((f) => f.required) ? (
        <p className="text-sm text-slate-600">
          Fields marked <span aria-hidden>*</span>
          <span className="sr-only">required</span> are required.
        </p>
      ) : null}

      <FormGuardInputs prefix="form" token={token} answeredToken={failed?.values?.formToken} />

      <FormFields fields={form.fields} prefix="form" errors={fieldErrors} values={values} autoFocusKey={firstError} />

      <div>
        <button
          type="submit"
          className={buttonVariants({ size: "lg" })}
          disabled={pending}
          aria-disabled={pending || undefined}
        >
          {pending ? "Sending…" : "Send"}
        </button>
        <p className="mt-3 text-sm text-slate-600" aria-live="polite">
          {pending ? "Sending your answers, please wait." : ""}
        </p>
      </div>
    </fetcher.Form>
  );
}
