/** Resting the mouse on an item opens its list after this long; leaving it closes the list after the other. */
const HOVER_OPEN_MS = 100;
const HOVER_CLOSE_MS = 200;

interface Dropdown {
  item: HTMLElement;
  button: HTMLButtonElement;
  list: HTMLElement;
}

/**
 * The desktop main navigation (app/components/site/desktop-nav.tsx): a disclosure navigation
 * (WAI-ARIA APG "disclosure navigation menu"), decision 0009. Each dropdown is a button with
 * aria-expanded over the list after it, so Tab walks into the links. Resting the mouse on an
 * item opens it and leaving closes it (touch and pen open by tapping); a click (mouse, touch,
 * Enter or Space) pins it open, and a second click closes it. One list is open at a time.
 * Escape closes it and returns focus to its button; a press elsewhere or focus leaving closes it.
 */
export function enhanceNavMenus(): void {
  for (const nav of document.querySelectorAll<HTMLElement>("[data-disclosure-nav]")) enhanceNav(nav);
}

function enhanceNav(nav: HTMLElement): void {
  const dropdowns: Dropdown[] = [];
  for (const button of nav.querySelectorAll<HTMLButtonElement>("button[data-nav-trigger]")) {
    const item = button.closest("li");
    const list = document.getElementById(button.getAttribute("aria-controls") ?? "");
    if (item && list) dropdowns.push({ item, button, list });
  }
  if (!dropdowns.length) return;

  /** The open dropdown, and whether a click or key (not just the mouse resting on it) opened it. */
  let open: { dropdown: Dropdown; pinned: boolean } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const clearTimer = () => clearTimeout(timer);
  const later = (ms: number, fn: () => void) => {
    clearTimer();
    timer = setTimeout(fn, ms);
  };

  const show = (dropdown: Dropdown | null, pinned = false) => {
    open = dropdown ? { dropdown, pinned } : null;
    for (const each of dropdowns) {
      const expanded = each === dropdown;
      each.button.setAttribute("aria-expanded", String(expanded));
      // The chevron turns with it (group-data-[state=open]:rotate-180).
      each.button.dataset.state = expanded ? "open" : "closed";
      each.list.hidden = !expanded;
    }
  };

  for (const dropdown of dropdowns) {
    const { item, button } = dropdown;
    item.addEventListener("pointerenter", (event) => {
      if (event.pointerType !== "mouse") return; // touch and pen open by tapping
      if (open?.dropdown === dropdown) return clearTimer();
      later(open ? 0 : HOVER_OPEN_MS, () => show(dropdown));
    });
    item.addEventListener("pointerleave", (event) => {
      if (event.pointerType !== "mouse") return;
      later(HOVER_CLOSE_MS, () => {
        if (!open?.pinned) show(null);
      });
    });
    button.addEventListener("click", () => {
      clearTimer();
      if (open?.dropdown !== dropdown) show(dropdown, true);
      // Opened by resting the mouse on it: the click keeps it open. Already pinned: close.
      else show(open.pinned ? null : dropdown, true);
    });
    // Focus moving out of an item (Tab past its last link, or to another item) closes its list.
    item.addEventListener("focusout", (event) => {
      const next = event.relatedTarget as Node | null;
      if (next && !item.contains(next) && open?.dropdown === dropdown) show(null);
    });
  }

  document.addEventListener("pointerdown", (event) => {
    if (open && !nav.contains(event.target as Node)) show(null);
  });
  document.addEventListener("keydown", (event) => {
    if (!open || event.key !== "Escape") return;
    event.preventDefault();
    const { button } = open.dropdown;
    show(null);
    button.focus();
  });
  // Back to this page from the back/forward cache: it shows closed, as a newly loaded page would.
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    clearTimer();
    show(null);
  });
}
