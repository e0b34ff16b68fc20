import { onLoadStopped } from "./load-stopped";

/** Below this, the next page arrives before a placeholder would only flash (decision 0006). */
export const PAGE_LOADING_DELAY_MS = 120;

/** A plain click on a link to another page of this site: the browser is about to load it. */
function leavesForPage(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = (event.target as Element | null)?.closest?.("a[href]");
  if (!(link instanceof HTMLAnchorElement)) return false;
  if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return false;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return false;
  // The same page, or only its #fragment: no page loads.
  return url.pathname !== window.location.pathname || url.search !== window.location.search;
}

/**
 * Spec section 2: while a page loads, a placeholder reading "Loading page..." is shown. A public
 * page is a document of its own (decision 0037), so the browser keeps the current one on screen
 * while it fetches the next: after a link is followed and 120 ms have passed, the page's content
 * makes way for the placeholder the layout provides (`<template id="page-loading">`). The page
 * comes back if the load is stopped (the stop button, Escape) or the page is shown again from the
 * back/forward cache.
 */
export function enhancePageLoading(): void {
  const main = document.getElementById("main");
  const template = document.getElementById("page-loading");
  if (!main || !(template instanceof HTMLTemplateElement)) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let hidden: HTMLElement[] = [];

  const show = () => {
    hidden = [...main.children].filter((el): el is HTMLElement => el instanceof HTMLElement && !el.hidden);
    for (const el of hidden) el.hidden = true;
    const placeholder = template.content.cloneNode(true) as DocumentFragment;
    for (const el of placeholder.children) el.setAttribute("data-page-loading", "");
    main.append(placeholder);
  };
  const restore = () => {
    clearTimeout(timer);
    timer = undefined;
    for (const el of main.querySelectorAll("[data-page-loading]")) el.remove();
    for (const el of hidden) el.hidden = false;
    hidden = [];
  };

  document.addEventListener("click", (event) => {
    if (!leavesForPage(event)) return;
    restore();
    timer = setTimeout(show, PAGE_LOADING_DELAY_MS);
  });
  onLoadStopped(() => {
    if (timer !== undefined || hidden.length) restore();
  });
}
