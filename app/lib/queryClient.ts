import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import type { ActionSuccess } from "@common/result";
import { ApiRequestError } from "./api-error";
import { askForPassword, isReauthRequired } from "./reauth";

export { ApiRequestError };

/**
 * The one client-side request layer (spec sections 7 and 8). Every client fetch of the
 * admin area goes through `apiRequest` or the default query function below, with two
 * deliberate exceptions that keep its rules (credentials, ApiRequestError on failure):
 *   - the re-authentication dialog's own POST (app/components/admin/reauth-dialog.tsx): it
 *     is what `apiRequest` waits on when a call answers `reauth_required`, so it cannot go
 *     through `apiRequest` itself;
 *   - the image upload (app/components/admin/media/upload-image.ts): XMLHttpRequest, because
 *     fetch cannot report upload progress.
 */

/** Throws an ApiRequestError (`"<status>: <body text or status text>"`) for any non-2xx response. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = await res.text();
    throw new ApiRequestError(res.status, res.statusText, text);
  }
}

/**
 * Sends JSON (with its content type) only when a body is given; always with credentials.
 * When a sensitive call needs the password again (403 `reauth_required`), the admin
 * layout's dialog asks for it and the call is sent once more (app/lib/reauth.ts).
 */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const send = () =>
    fetch(url, {
      method,
      headers: body !== undefined ? { "Content-Type": "application/json" } : {},
      body: body !== undefined ? JSON.stringify(body) : undefined,
      credentials: "include",
    });
  let res = await send();
  if ((await isReauthRequired(res)) && (await askForPassword())) res = await send();
  await throwIfResNotOk(res);
  return res;
}

/**
 * A state-changing call whose answer is the API's success shape `{ ok: true, message?,
 * data? }` (what useResultFeedback reads); a failure throws the ApiRequestError.
 */
export async function apiAction<T = undefined>(method: string, url: string, body?: unknown): Promise<ActionSuccess<T>> {
  const res = await apiRequest(method, url, body);
  return (await res.json()) as ActionSuccess<T>;
}

export type UnauthorizedBehavior = "returnNull" | "throw";

/** GETs the URL made by joining the query key's segments with "/", and parses its JSON. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKey.join("/"), { credentials: "include" });
    if (options.on401 === "returnNull" && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

export const queryClientDefaults = {
  queries: {
    queryFn: getQueryFn({ on401: "throw" }),
    refetchInterval: false,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    retry: false,
  },
  mutations: {
    retry: false,
  },
} as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryClientDefaults });
}
