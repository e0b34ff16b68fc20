/**
 * Re-authentication in the request layer (decision 0019). A sensitive admin API call may
 * answer 403 `reauth_required`; apiRequest then asks for the password through the asker
 * the admin layout registers (a dialog), and retries the call once when it was given.
 * Calls that need it at the same moment share one question.
 */
export const REAUTH_REQUIRED = "reauth_required";

type Asker = () => Promise<boolean>;

let asker: Asker | null = null;
let pending: Promise<boolean> | null = null;

/** Registers the one way to ask (the dialog); returns the unregister function. */
export function setReauthAsker(fn: Asker): () => void {
  asker = fn;
  return () => {
    if (asker === fn) asker = null;
  };
}

/** Asks for the password; true once it was confirmed, false when cancelled (or nobody can ask). */
export function askForPassword(): Promise<boolean> {
  if (!asker) return Promise.resolve(false);
  pending ??= asker().finally(() => {
    pending = null;
  });
  return pending;
}

/** True when a response is the API's "enter your password again" answer (the body is left unread). */
export async function isReauthRequired(res: Response): Promise<boolean> {
  if (res.status !== 403) return false;
  try {
    const body = (await res.clone().json()) as { error?: { code?: string } };
    return body?.error?.code === REAUTH_REQUIRED;
  } catch {
    return false;
  }
}
