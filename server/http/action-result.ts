import { data } from "react-router";
import { ServiceError, type ActionResult, type ActionSuccess, type FormValues } from "@common/result";

/**
 * Runs a route action's work and answers the one ActionResult shape: the work's success, or
 * a ServiceError turned into `{ ok: false, formError, fieldErrors, values }` with the
 * error's status. Anything else (a redirect, an unexpected error) is thrown on, to the
 * router. `headers` (e.g. cookies the work set) go with either answer; `values` are what the
 * form shows again after a failure (never passwords), fixed or chosen per error.
 */
export async function runAction<T = undefined>(
  work: () => Promise<ActionSuccess<T>>,
  options: {
    values?: FormValues | ((err: ServiceError) => FormValues | undefined);
    headers?: Headers;
  } = {},
) {
  const headers = options.headers ?? new Headers();
  try {
    return data<ActionResult<T>>(await work(), { headers });
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    if (err.retryAfterSeconds) headers.set("Retry-After", String(err.retryAfterSeconds));
    const values = typeof options.values === "function" ? options.values(err) : options.values;
    return data<ActionResult<T>>(
      { ok: false, formError: err.message, fieldErrors: err.fields, values },
      { status: err.status, headers },
    );
  }
}
