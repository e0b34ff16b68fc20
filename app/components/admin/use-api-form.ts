import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useState, type FormEvent, type RefObject } from "react";
import { checkInput, type ActionSuccess, type SchemaParser } from "@common/result";
import { useResultFeedback, type Outcome } from "~/components/ui/use-result-feedback";

/**
 * The one way an admin form writes: on submit the form's fields are checked with the shared
 * schema (common/), then sent with `send` (apiAction to the JSON API); the domain's queries
 * are invalidated, the form is reset, and useResultFeedback shows the outcome (toast, field
 * errors, focus on the first field in error).
 *
 *   const ref = useRef<HTMLFormElement>(null);
 *   const form = useApiForm(ref, { schema: inviteSchema, send: (v) => apiAction("POST", url, v), invalidate: usersKeys.all });
 *   <form ref={ref} method="post" noValidate onSubmit={form.onSubmit}>… error={form.fieldErrors.email} …
 *
 * `confirm` runs instead of sending when given (e.g. to ask in a dialog first; call `form.send(values)`).
 */
export function useApiForm<T, R = undefined>(
  ref: RefObject<HTMLFormElement | null>,
  options: {
    schema: SchemaParser<T>;
    send: (values: T) => Promise<ActionSuccess<R>>;
    invalidate?: QueryKey;
    confirm?: (values: T) => void;
    /** Keep what was typed after success (default: the form is cleared). */
    keepValues?: boolean;
  },
) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>();
  const mutation = useMutation({
    mutationFn: options.send,
    onSuccess: async (result) => {
      setOutcome(result);
      if (!options.keepValues) ref.current?.reset();
      if (options.invalidate) await queryClient.invalidateQueries({ queryKey: options.invalidate });
    },
    onError: setOutcome,
  });
  const feedback = useResultFeedback(outcome, { form: ref });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkInput(options.schema, Object.fromEntries(new FormData(event.currentTarget)));
    if (!checked.ok) setOutcome(checked);
    else if (options.confirm) options.confirm(checked.data);
    else mutation.mutate(checked.data);
  };
  return {
    onSubmit,
    send: (values: T) => mutation.mutate(values),
    pending: mutation.isPending,
    result: mutation.data,
    /** The form's own error when no field is named (show it above the fields). */
    formError: Object.keys(feedback.fieldErrors).length ? undefined : feedback.formError,
    fieldErrors: feedback.fieldErrors,
  };
}
