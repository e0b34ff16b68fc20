/** What Tab can reach inside a drawer. */
const FOCUSABLE =
  "a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex='-1'])";

/**
 * The phone drawer (app/components/site/mobile-nav.tsx): a button with `data-drawer-open` and
 * `aria-controls` naming a native `<dialog>`. The button opens it as a modal (the page behind is
 * inert, and app.css stops it scrolling); its `aria-expanded` follows. The close button
 * (`data-drawer-close`), Escape, a click on the backdrop and a chosen link close it, and focus
 * returns to the button. Tab and Shift+Tab go round the drawer's own controls, as in the
 * WAI-ARIA APG modal dialog.
 */
export function enhanceDrawers(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-drawer-open]")) {
    const dialog = document.getElementById(button.getAttribute("aria-controls") ?? "");
    if (dialog instanceof HTMLDialogElement) enhanceDrawer(button, dialog);
  }
}

function enhanceDrawer(button: HTMLButtonElement, dialog: HTMLDialogElement): void {
  button.addEventListener("click", () => {
    if (dialog.open) return;
    // The page stops scrolling while the drawer is open (app.css): it keeps its scrollbar's room.
    const root = document.documentElement;
    root.style.setProperty("--scrollbar-gap", `${window.innerWidth - root.clientWidth}px`);
    dialog.showModal();
    button.setAttribute("aria-expanded", "true");
  });
  // Every way of closing (dialog.close(), Escape) ends here.
  dialog.addEventListener("close", () => {
    button.setAttribute("aria-expanded", "false");
    button.focus();
  });

  dialog.addEventListener("click", (event) => {
    const target = event.target as Element;
    // A chosen link closes the drawer; the browser follows it.
    if (target.closest("[data-drawer-close], a[href]")) return dialog.close();
    // The backdrop: a click on the dialog element itself, outside its box.
    if (target !== dialog) return;
    const box = dialog.getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (!inside) dialog.close();
  });

  dialog.addEventListener("keydown", (event) => {
    if (event.key !== "Tab") return;
    const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.checkVisibility());
    const first = controls[0];
    const last = controls.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey ? active === first || active === dialog : active === last) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    }
  });
}
