import { useEffect, useState } from "react";
import { ATTRIBUTION_INPUTS, type AttributionKey } from "@common/attribution";
import { HONEYPOT_FIELD } from "@common/lead";
import { useFirstTouch } from "~/lib/first-touch";

/**
 * The hidden inputs every public form carries for the one guard in server/forms/pipeline.ts:
 * the signed form token (refreshed on load), where the visit began (filled in the browser),
 * and the honeypot. Used by the Free Analysis form and by every form on /forms/<slug>.
 */

/** A form token issued now, from GET /api/form-token (undefined when it cannot be had). */
export async function fetchFormToken(fetchImpl: typeof fetch = fetch): Promise<string | undefined> {
  try {
    const res = await fetchImpl("/api/form-token", { headers: { accept: "application/json" } });
    if (!res.ok) return undefined;
    const body = (await res.json()) as { token?: unknown };
    return typeof body?.token === "string" ? body.token : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The token to post. The page may come from the page cache (decision 0016) with the token it
 * was rendered with, hours old: once the form is on screen it asks for one issued now, so the
 * "sent too fast" and "opened too long ago" checks measure this visit. A token the server
 * sent back with a field error wins (correcting a field does not restart the clock); without
 * JavaScript the page's own stands.
 */
export function useFormToken(rendered: string, answered?: unknown): string {
  const [fresh, setFresh] = useState<string>();
  useEffect(() => {
    let cancelled = false;
    void fetchFormToken().then((token) => {
      if (!cancelled && token) setFresh(token);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return typeof answered === "string" && answered ? answered : (fresh ?? rendered);
}

export function FormGuardInputs({
  prefix,
  token,
  answeredToken,
}: {
  prefix: string;
  token: string;
  answeredToken?: unknown;
}) {
  const current = useFormToken(token, answeredToken);
  const touch = useFirstTouch();
  return (
    <>
      <input type="hidden" name="formToken" value={current} readOnly />
      {touch
        ? (Object.keys(ATTRIBUTION_INPUTS) as AttributionKey[]).map((key) => {
            const value = touch[key];
            return value ? (
              <input key={key} type="hidden" name={ATTRIBUTION_INPUTS[key]} value={value} readOnly />
            ) : null;
          })
        : null}
      {/* Honeypot: off-screen and hidden from assistive technology; people leave it empty. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor={`${prefix}-${HONEYPOT_FIELD}`}>Referral code (leave this empty)</label>
        <input
          id={`${prefix}-${HONEYPOT_FIELD}`}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
    </>
  );
}
