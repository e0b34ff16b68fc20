import { useEffect, useRef, type RefObject } from "react";
import type { ActionResult, FieldErrors } from "@common/result";
import { ApiRequestError } from "~/lib/api-error";
import { toast, type ToastInput } from "~/enhance/toast-store";

/**
 * The one client hook for what a staff action or API call answered: an `ActionResult`
 * (route actions), an `ApiRequestError` (the JSON API through `apiRequest`), or any other
 * error (the network). On each new outcome it shows the toast (the success message, or a
 * destructive "Not done" with the reason) and moves focus to the first field in error;
 * it returns the form error and field errors to show in the form.
 */
export type Outcome = ActionResult<unknown> | Error | null | undefined;

export type DescribedOutcome =
  { ok: true; message?: string } | { ok: false; formError: string; fieldErrors: FieldErrors };

export const NETWORK_ERROR_MESSAGE = "We could not reach the server. Check your connection and try again.";

/** The outcome in one shape, whatever produced it. */
export function describeOutcome(outcome: Outcome): DescribedOutcome | undefined {
  if (!outcome) return undefined;
  if (outcome instanceof ApiRequestError)
    return { ok: false, formError: outcome.userMessage, fieldErrors: outcome.fields ?? {} };
  if (outcome instanceof Error) return { ok: false, formError: NETWORK_ERROR_MESSAGE, fieldErrors: {} };
  if (outcome.ok) return { ok: true, message: outcome.message };
  return { ok: false, formError: outcome.formError, fieldErrors: outcome.fieldErrors ?? {} };
}

/** The sentence to show for a failed request or action (e.g. a list that did not load). */
export function failureMessage(outcome: Outcome): string | undefined {
  const described = describeOutcome(outcome);
  return described && !described.ok ? described.formError : undefined;
}

/**
 * Focuses the first control (in document order) named in `fieldErrors` inside `container`,
 * else the first control marked aria-invalid. False when there is none.
 */
export function focusFirstFieldInError(container: ParentNode, fieldErrors: FieldErrors): boolean {
  const named = Object.keys(fieldErrors)
    .map((name) => container.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`))
    .filter((el): el is HTMLElement => !!el && !el.hasAttribute("hidden") && el.getAttribute("type") !== "hidden");
  named.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  const target = named[0] ?? container.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!target) return false;
  target.focus();
  return true;
}

export interface ResultFeedbackOptions {
  /** Where to look for the fields in error (default: the whole document). */
  form?: RefObject<HTMLElement | null>;
  /** Focused when the failure names no field (e.g. the form's error summary). */
  summary?: RefObject<HTMLElement | null>;
  /** The success toast; default: the result's message as the title (none without a message). */
  success?: ToastInput | false;
  /** Whether a failure raises a destructive toast (default true). */
  errorToast?: boolean;
}

export function useResultFeedback(
  outcome: Outcome,
  options: ResultFeedbackOptions = {},
): { formError?: string; fieldErrors: FieldErrors } {
  const described = describeOutcome(outcome);
  const last = useRef<Outcome>(undefined);
  const { form, summary, success, errorToast = true } = options;

  useEffect(() => {
    if (!outcome || outcome === last.current) return;
    last.current = outcome;
    const result = describeOutcome(outcome);
    if (!result) return;
    if (result.ok) {
      const input = success === undefined ? (result.message ? { title: result.message } : undefined) : success;
      if (input) toast(input);
      return;
    }
    if (errorToast) toast({ title: "Not done", description: result.formError, variant: "destructive" });
    const focused = focusFirstFieldInError(form?.current ?? document, result.fieldErrors);
    if (!focused) summary?.current?.focus();
  }, [outcome, form, summary, success, errorToast]);

  return described && !described.ok
    ? { formError: described.formError, fieldErrors: described.fieldErrors }
    : { fieldErrors: {} };
}
