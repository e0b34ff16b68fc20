import { attributionOf, type Attribution } from "@common/attribution";

/**
 * The visit's first touch (common/attribution.ts), kept in sessionStorage from its first page
 * view: app/enhance/site.ts records it on every public page as the page is left, the public
 * forms post it. Browser only; the server never renders it (cached pages are shared by every
 * visitor).
 *
 * sessionStorage is synchronous, and a page's first use of it can wait on the browser process
 * (in a renderer process just started for the page, hundreds of milliseconds on a busy 2-core
 * machine): it is never touched while the page loads, only when the visitor moves into a form
 * or leaves the page (decision 0039).
 */
const KEY = "meritum.first-touch";
let known: Attribution | undefined;

/** The visit's first touch: the one kept, or this page's, kept now (it is the visit's first). */
export function firstTouch(): Attribution {
  if (known) return known;
  try {
    const kept = sessionStorage.getItem(KEY);
    if (kept) return (known = JSON.parse(kept) as Attribution);
  } catch {
    // No storage (or a broken value): this page stands for the visit.
  }
  known = attributionOf(new URL(window.location.href), document.referrer || null);
  try {
    sessionStorage.setItem(KEY, JSON.stringify(known));
  } catch {
    // Storage refused (private mode, quota): kept for this page only.
  }
  return known;
}

/** Keeps this page as the visit's first touch, unless one is kept already, when the page is hidden or left. */
export function recordFirstTouchOnLeave(): void {
  const record = () => void firstTouch();
  window.addEventListener("pagehide", record);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") record();
  });
}
