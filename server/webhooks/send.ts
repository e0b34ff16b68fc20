import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { resolveWebhookTarget, WebhookUrlError, type WebhookTarget } from "./address-guard";

/**
 * One HTTP POST of a webhook body. The host is checked and resolved once by the SSRF guard
 * and the connection goes to that address (the URL's host still names the TLS server and
 * the Host header); redirects are not followed. The answer is read up to a short snippet
 * for the delivery log.
 */
export interface PostOutcome {
  /** The receiver's status code, or null when there was no answer. */
  status: number | null;
  /** Why the attempt failed, or null for a 2xx answer. */
  error: string | null;
  durationMs: number;
}

const SNIPPET = 300;

function pinnedLookup(target: WebhookTarget): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
}

export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { allowLocal: boolean; timeoutMs: number },
): Promise<PostOutcome> {
  const started = Date.now();
  let target: WebhookTarget;
  try {
    target = await resolveWebhookTarget(url, { allowLocal: options.allowLocal });
  } catch (err) {
    if (!(err instanceof WebhookUrlError)) throw err;
    return { status: null, error: `Not sent: ${err.message}`, durationMs: Date.now() - started };
  }
  const transport = target.url.protocol === "https:" ? https : http;
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const finish = (status: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ status, error, durationMs: Date.now() - started });
    };
    const request = transport.request(
      target.url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        agent: false,
        lookup: pinnedLookup(target),
      },
      (response) => {
        const status = response.statusCode ?? null;
        let snippet = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          snippet += chunk;
          if (snippet.length >= SNIPPET) response.destroy();
        });
        const done = () => {
          const ok = status !== null && status >= 200 && status < 300;
          const said = snippet.trim().replace(/\s+/g, " ").slice(0, SNIPPET);
          finish(status, ok ? null : `The receiver answered ${status}${said ? `: ${said}` : "."}`);
        };
        response.on("end", done);
        response.on("close", done);
      },
    );
    const timer = setTimeout(
      () => request.destroy(new Error(`The receiver did not answer within ${options.timeoutMs / 1000} s.`)),
      options.timeoutMs,
    );
    request.on("error", (err) => finish(null, err.message));
    request.end(body);
  });
}
