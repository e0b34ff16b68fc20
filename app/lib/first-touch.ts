import { useEffect, useSyncExternalStore } from "react";
import { attributionOf, type Attribution } from "@common/attribution";

/**
 * The visit's first touch (common/attribution.ts), kept in sessionStorage from its first page
 * view: the site layout records it on load, the public forms post it. Browser only; the
 * server never renders it (cached pages are shared by every visitor).
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

/** Records the first touch once the first page of a visit is on screen (the site layout). */
export function useRecordFirstTouch(): void {
  useEffect(() => {
    firstTouch();
  }, []);
}

const unchanging = () => () => {};

/** The first touch for a form's hidden inputs: null while rendering on the server and hydrating. */
export function useFirstTouch(): Attribution | null {
  return useSyncExternalStore(unchanging, firstTouch, () => null);
}
