import { COLLECT_PATH, type CollectEvent, type CountedForm } from "@common/analytics";
import { firstTouch } from "./first-touch";

/**
 * The visitor count's beacon (decision 0044): one small POST per page view, and one per form
 * step (the first focus into a form, the savings calculator used). It carries the page's path,
 * how the visit began (the first touch this tab already keeps for the forms) and the forms on
 * the page; no cookie, no identifier, nothing stored in the browser. The server hashes the
 * address and browser into a visitor count that changes every day, or counts the view without
 * a visitor when the browser sends Global Privacy Control or Do Not Track. A page whose script
 * never runs (most robots) is never counted.
 */

function send(event: CollectEvent): void {
  const body = new Blob([JSON.stringify(event)], { type: "application/json" });
  try {
    if (navigator.sendBeacon?.(COLLECT_PATH, body)) return;
  } catch {
    // Fall back to fetch below.
  }
  void fetch(COLLECT_PATH, { method: "POST", body, keepalive: true, credentials: "same-origin" }).catch(() => {});
}

/** The public form a <form> is: the Free Analysis form, or a staff-built one by the slug of its action. */
function countedForm(form: HTMLFormElement): CountedForm | null {
  if (form.dataset.publicForm === "lead") return { kind: "lead" };
  const slug = /^\/forms\/([a-z0-9-]+)$/.exec(new URL(form.action, location.href).pathname)?.[1];
  return form.dataset.publicForm === "answers" && slug ? { kind: "answers", slug } : null;
}

export function countVisit(): void {
  const touch = firstTouch();
  const forms: Array<[HTMLFormElement, CountedForm]> = [];
  for (const el of document.querySelectorAll<HTMLFormElement>("form[data-public-form]")) {
    const counted = countedForm(el);
    if (counted) forms.push([el, counted]);
  }
  const view: CollectEvent = {
    type: "view",
    path: location.pathname,
    landing: touch.landingPage,
    referrer: touch.referrer,
    forms: forms.map(([, f]) => f),
  };
  const miss = document.querySelector("[data-search-miss]")?.getAttribute("data-search-miss");
  if (miss) view.searchMiss = miss;
  send(view);
  // A page shown again from the back/forward cache is viewed again.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) send(view);
  });
  for (const [el, form] of forms) el.addEventListener("focusin", () => send({ type: "start", form }), { once: true });
  const calculator = document.querySelector("[data-savings-calculator] form");
  calculator?.addEventListener("submit", () => send({ type: "calculator", form: { kind: "lead" } }), { once: true });
}
