import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ApiRequestError,
  apiRequest,
  createQueryClient,
  getQueryFn,
  queryClientDefaults,
  throwIfResNotOk,
} from "./queryClient";

function mockFetch(response: Response) {
  const fn = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal("fetch", fn);
  return fn;
}

afterEach(() => vi.unstubAllGlobals());

const queryContext = (queryKey: readonly unknown[]) =>
  ({ queryKey, signal: new AbortController().signal, meta: undefined, client: createQueryClient() }) as never;

describe("apiRequest", () => {
  it("sends a JSON body with a JSON content type and credentials", async () => {
    const fetch = mockFetch(new Response("{}", { status: 200 }));
    await apiRequest("POST", "/api/things", { name: "a" });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/things");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe('{"name":"a"}');
    expect(init?.headers).toEqual({ "Content-Type": "application/json" });
    expect(init?.credentials).toBe("include");
  });

  it("sends no body and no content type when there is no body, still with credentials", async () => {
    const fetch = mockFetch(new Response(null, { status: 204 }));
    await apiRequest("DELETE", "/api/things/1");
    const [, init] = fetch.mock.calls[0]!;
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toEqual({});
    expect(init?.credentials).toBe("include");
  });

  it("raises '<status>: <body>' for a non-2xx response", async () => {
    mockFetch(new Response('{"error":"nope"}', { status: 409, statusText: "Conflict" }));
    await expect(apiRequest("POST", "/x", {})).rejects.toThrow('409: {"error":"nope"}');
  });

  it("carries the status, code, readable message and field errors of the API's JSON error", async () => {
    const body = { error: { code: "validation", message: "Please check the title.", fields: { title: "Required." } } };
    mockFetch(new Response(JSON.stringify(body), { status: 400, statusText: "Bad Request" }));
    const error = await apiRequest("POST", "/x", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    const e = error as ApiRequestError;
    expect(e.message).toBe(`400: ${JSON.stringify(body)}`);
    expect(e.status).toBe(400);
    expect(e.code).toBe("validation");
    expect(e.userMessage).toBe("Please check the title.");
    expect(e.fields).toEqual({ title: "Required." });
  });

  it("keeps a non-JSON body in the message and falls back to the status text", async () => {
    mockFetch(new Response("<html>gateway</html>", { status: 502, statusText: "Bad Gateway" }));
    const e = (await apiRequest("GET", "/x").catch((err: unknown) => err)) as ApiRequestError;
    expect(e.message).toBe("502: <html>gateway</html>");
    expect(e.code).toBeUndefined();
    expect(e.fields).toBeUndefined();
    expect(e.userMessage).toBe("Bad Gateway");
  });

  it("raises '<status>: <statusText>' when the body is empty", async () => {
    mockFetch(new Response("", { status: 503, statusText: "Service Unavailable" }));
    await expect(apiRequest("GET", "/x")).rejects.toThrow("503: Service Unavailable");
  });
});

describe("throwIfResNotOk", () => {
  it("passes a 2xx response", async () => {
    await expect(throwIfResNotOk(new Response("ok", { status: 201 }))).resolves.toBeUndefined();
  });
});

describe("getQueryFn", () => {
  it("GETs the query key joined with '/' with credentials and parses JSON", async () => {
    const fetch = mockFetch(new Response('{"items":[1]}', { status: 200 }));
    const data = await getQueryFn({ on401: "throw" })(queryContext(["/api/contacts", "42", "notes"]));
    expect(fetch.mock.calls[0]![0]).toBe("/api/contacts/42/notes");
    expect(fetch.mock.calls[0]![1]).toEqual({ credentials: "include" });
    expect(data).toEqual({ items: [1] });
  });

  it("treats 401 as an error by default", async () => {
    mockFetch(new Response("Not signed in", { status: 401, statusText: "Unauthorized" }));
    await expect(getQueryFn({ on401: "throw" })(queryContext(["/api/me"]))).rejects.toThrow("401: Not signed in");
  });

  it("yields null on 401 with on401: returnNull", async () => {
    mockFetch(new Response("Not signed in", { status: 401 }));
    await expect(getQueryFn({ on401: "returnNull" })(queryContext(["/api/me"]))).resolves.toBeNull();
  });

  it("still raises other errors with on401: returnNull", async () => {
    mockFetch(new Response("", { status: 500, statusText: "Internal Server Error" }));
    await expect(getQueryFn({ on401: "returnNull" })(queryContext(["/api/me"]))).rejects.toThrow(
      "500: Internal Server Error",
    );
  });
});

describe("query client defaults", () => {
  it("never retries, polls, refetches on focus, or goes stale", () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.retry).toBe(false);
    expect(defaults.queries?.refetchInterval).toBe(false);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.staleTime).toBe(Infinity);
    expect(defaults.mutations?.retry).toBe(false);
    expect(defaults.queries?.queryFn).toBe(queryClientDefaults.queries.queryFn);
  });

  it("the default query function treats 401 as an error", async () => {
    mockFetch(new Response("no", { status: 401 }));
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ["/api/me"] })).rejects.toThrow("401: no");
  });
});

describe("apiRequest and re-authentication", () => {
  const reauthAnswer = () =>
    new Response(JSON.stringify({ error: { code: "reauth_required", message: "Enter your password again." } }), {
      status: 403,
    });

  it("asks for the password on reauth_required and sends the call once more", async () => {
    const { setReauthAsker } = await import("./reauth");
    const answers = [reauthAnswer(), new Response('{"ok":true}', { status: 200 })];
    const fetch = vi.fn(async () => answers.shift()!);
    vi.stubGlobal("fetch", fetch);
    const ask = vi.fn(async () => true);
    const unregister = setReauthAsker(ask);
    try {
      const res = await apiRequest("DELETE", "/api/admin/users/1");
      expect(res.status).toBe(200);
      expect(ask).toHaveBeenCalledTimes(1);
      expect(fetch).toHaveBeenCalledTimes(2);
    } finally {
      unregister();
    }
  });

  it("throws the API's reason when the question is cancelled, and does not send again", async () => {
    const { setReauthAsker } = await import("./reauth");
    const fetch = vi.fn(async () => reauthAnswer());
    vi.stubGlobal("fetch", fetch);
    const unregister = setReauthAsker(async () => false);
    try {
      const err = await apiRequest("DELETE", "/api/admin/users/1").catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiRequestError);
      expect((err as ApiRequestError).code).toBe("reauth_required");
      expect((err as ApiRequestError).userMessage).toBe("Enter your password again.");
      expect(fetch).toHaveBeenCalledTimes(1);
    } finally {
      unregister();
    }
  });

  it("leaves other 403 answers alone", async () => {
    const { setReauthAsker } = await import("./reauth");
    vi.stubGlobal("fetch", async () => new Response('{"error":{"code":"forbidden","message":"No."}}', { status: 403 }));
    const ask = vi.fn(async () => true);
    const unregister = setReauthAsker(ask);
    try {
      await expect(apiRequest("GET", "/api/admin/users")).rejects.toThrow("403");
      expect(ask).not.toHaveBeenCalled();
    } finally {
      unregister();
    }
  });
});
