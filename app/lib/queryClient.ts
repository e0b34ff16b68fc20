import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import type { ApiErrorBody, FieldErrors } from "@common/result";

/**
 * The one client-side request layer (spec sections 7 and 8). Every client fetch of the
 * admin area goes through `apiRequest` or the default query function below.
 */

/**
 * A non-2xx answer. Its message keeps the spec's format, `"<status>: <body text or status
 * text>"`; it also carries the status and, when the body is the API's JSON error, its code,
 * readable message and field errors, so a screen can show them beside the fields.
 */
export class ApiRequestError extends Error {
  override name = "ApiRequestError";
  readonly status: number;
  readonly code?: string;
  /** The server's readable sentence (the API error's message), else the status text. */
  readonly userMessage: string;
  readonly fields?: FieldErrors;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.status = status;
    const body = parseApiError(bodyText);
    this.code = body?.code;
    this.userMessage = body?.message ?? (statusText || `Request failed (${status}).`);
    this.fields = body?.fields;
  }
}

function parseApiError(text: string): ApiErrorBody["error"] | undefined {
  try {
    const body = JSON.parse(text) as Partial<ApiErrorBody>;
    const error = body?.error;
    if (error && typeof error.code === "string" && typeof error.message === "string") return error;
  } catch {
    // not JSON: the message keeps the raw text
  }
  return undefined;
}

/** Throws an ApiRequestError (`"<status>: <body text or status text>"`) for any non-2xx response. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = await res.text();
    throw new ApiRequestError(res.status, res.statusText, text);
  }
}

/** Sends JSON (with its content type) only when a body is given; always with credentials. */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: body !== undefined ? { "Content-Type": "application/json" } : {},
    body: body !== undefined ? JSON.stringify(body) : undefined,
    credentials: "include",
  });
  await throwIfResNotOk(res);
  return res;
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
