import { ATTRIBUTION_INPUTS, type AttributionKey } from "@common/attribution";
import { firstTouch } from "./first-touch";
import { dataAttr, dataSelector } from "./data-attributes";

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

/** The first-touch inputs, added once: on the first focus inside the form, or when it is sent (capture: before the form's own submit handling). */
function addFirstTouchOnUse(form: HTMLFormElement) {
  let added = false;
  const add = () => {
    if (added) return;
    added = true;
    const touch = firstTouch();
    for (const key of Object.keys(ATTRIBUTION_INPUTS) as AttributionKey[]) {
      const value = touch[key];
      if (!value) continue;
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = ATTRIBUTION_INPUTS[key];
      input.value = value;
      form.append(input);
    }
  };
  form.addEventListener("focusin", add, { once: true });
  form.addEventListener("submit", add, { capture: true });
}

/**
 * The guard inputs of every public form (FormGuardInputs, checked by server/forms/pipeline.ts):
 * - The page may come from the page cache (decision 0016) with the token it was rendered with,
 *   hours old: once the page is on screen it asks for one issued now, so the "sent too fast" and
 *   "opened too long ago" checks measure this visit. A token the server sent back with a field
 *   error (`data-form-token="answered"`) stands: correcting a field does not restart the clock.
 * - Where the visit began (first touch) goes with the post in hidden inputs; the server never
 *   renders them, since cached pages are shared by every visitor. They are added when the
 *   visitor first moves into the form or sends it, not while the page loads (first-touch.ts).
 * Without JavaScript the page's own token stands and the server reads the post's Referer.
 */
export function enhanceFormGuards(): void {
  const tokens = [
    ...document.querySelectorAll<HTMLInputElement>(`input[name="formToken"]${dataSelector(dataAttr.formToken)}`),
  ];
  if (!tokens.length) return;
  for (const form of new Set(tokens.map((input) => input.form))) {
    if (form) addFirstTouchOnUse(form);
  }
  const rendered = tokens.filter((input) => input.getAttribute(dataAttr.formToken) === "rendered");
  if (!rendered.length) return;
  void fetchFormToken().then((token) => {
    if (token) for (const input of rendered) input.value = token;
  });
}
