import { data } from "react-router";
import { ServiceError, type ActionResult, type ActionSuccess } from "@common/result";

/**
 * Runs a route action's work and answers the one ActionResult shape: the work's success, or
 * a ServiceError turned into `{ ok: false, formError, fieldErrors, values }` with the
 * error's status. Anything else is unexpected and goes to the error boundary.
 */
export async function runAction<T = undefined>(
  work: () => Promise<ActionSuccess<T>>,
  options: { values?: Record<string, string> } = {},
) {
  try {
    return data<ActionResult<T>>(await work());
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    return data<ActionResult<T>>(
      { ok: false, formError: err.message, fieldErrors: err.fields, values: options.values },
      { status: err.status },
    );
  }
}
