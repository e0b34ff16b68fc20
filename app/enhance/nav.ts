import { dataAttr, dataSelector } from "./data-attributes";
/** Resting the mouse on an item opens its list after this long; leaving it closes the list after the other. */
const HOVER_OPEN_MS = 100;
const HOVER_CLOSE_MS = 200;

interface Dropdown {
  item: HTMLElement;
  button: HTMLButtonElement;
  list: HTMLElement;
}

const isOpen = (list: HTMLElement) => list.matches(":popover-open");

/**
 * The desktop main navigation (app/components/site/desktop-nav.tsx): a disclosure navigation
 * (WAI-ARIA APG "disclosure navigation menu"), decision 0009. Each list is a popover its button
 * toggles without any script (decision 0041); the browser closes it on Escape or a press
 * elsewhere, and keeps one open at a time. This adds the rest: resting the mouse on an item
 * opens it and leaving closes it (touch and pen open by tapping); a click on a list the mouse
 * opened pins it open, and a second click closes it. Escape returns focus to the button, focus
 * leaving an item closes its list, and `aria-expanded` follows the list.
 */
export function enhanceNavMenus(): void {
  for (const nav of document.querySelectorAll<HTMLElement>(dataSelector(dataAttr.disclosureNav))) enhanceNav(nav);
}

function enhanceNav(nav: HTMLElement): void {
  const dropdowns: Dropdown[] = [];
  for (const button of nav.querySelectorAll<HTMLButtonElement>(`button${dataSelector(dataAttr.navTrigger)}`)) {
    const item = button.closest("li");
    const list = document.getElementById(button.getAttribute("aria-controls") ?? "");
    if (item && list) dropdowns.push({ item, button, list });
  }
  if (!dropdowns.length) return;

  /** Whether a click or key (not just the mouse resting on it) opened the open list. */
  let pinned = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const clearTimer = () => clearTimeout(timer);
  const later = (ms: number, fn: () => void) => {
    clearTimer();
    timer = setTimeout(fn, ms);
  };
  const openOne = () => dropdowns.find((each) => isOpen(each.list));

  for (const dropdown of dropdowns) {
    const { item, button, list } = dropdown;
    button.setAttribute("aria-expanded", String(isOpen(list)));
    // However it opens or closes (the button, Escape, a press elsewhere, another list opening).
    list.addEventListener("toggle", () => {
      const open = isOpen(list);
      button.setAttribute("aria-expanded", String(open));
      if (!open && !openOne()) pinned = false;
    });
    item.addEventListener("pointerenter", (event) => {
      if (event.pointerType !== "mouse") return; // touch and pen open by tapping
      if (isOpen(list)) return clearTimer();
      later(openOne() ? 0 : HOVER_OPEN_MS, () => {
        pinned = false;
        list.showPopover();
      });
    });
    item.addEventListener("pointerleave", (event) => {
      if (event.pointerType !== "mouse") return;
      later(HOVER_CLOSE_MS, () => {
        if (!pinned && isOpen(list)) list.hidePopover();
      });
    });
    // Runs before the button's own toggle, which a cancelled click skips.
    button.addEventListener("click", (event) => {
      clearTimer();
      // Opened by resting the mouse on it: the click keeps it open.
      if (isOpen(list) && !pinned) event.preventDefault();
      pinned = true;
    });
    // Focus moving out of an item (Tab past its last link, or to another item) closes its list.
    item.addEventListener("focusout", (event) => {
      const next = event.relatedTarget as Node | null;
      if (next && !item.contains(next) && isOpen(list)) list.hidePopover();
    });
  }

  document.addEventListener("keydown", (event) => {
    const open = openOne();
    if (!open || event.key !== "Escape") return;
    // The browser closes the list (and returns focus if it was inside); focus goes to its button.
    open.list.hidePopover();
    open.button.focus();
  });
  // Back to this page from the back/forward cache: it shows closed, as a newly loaded page would.
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    clearTimer();
    openOne()?.list.hidePopover();
  });
}
