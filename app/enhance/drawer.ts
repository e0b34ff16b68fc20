import { dataAttr, dataSelector } from "./data-attributes";
/** What Tab can reach inside a drawer. */
const FOCUSABLE =
  "a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex='-1'])";

/**
 * The phone drawer (app/components/site/mobile-nav.tsx): a button with `data-drawer-open` and
 * `aria-controls` naming a native `<dialog>`. The browser opens it as a modal from the button and
 * closes it from the close button (invoker commands), on Escape and on a press on the backdrop
 * (`closedby`), with no script (decision 0041). This adds: the page keeps its width while it
 * cannot scroll, `aria-expanded` follows, a chosen link closes it, focus returns to the button,
 * Tab and Shift+Tab go round the drawer's own controls (WAI-ARIA APG modal dialog), and the
 * opening and closing in a browser without invoker commands or `closedby`.
 */
export function enhanceDrawers(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>(`button${dataSelector(dataAttr.drawerOpen)}`)) {
    const dialog = document.getElementById(button.getAttribute("aria-controls") ?? "");
    if (dialog instanceof HTMLDialogElement) enhanceDrawer(button, dialog);
  }
}

/** Where the browser opens and closes the drawer itself (decision 0041); older ones get it from here. */
const invokerCommands = "commandForElement" in HTMLButtonElement.prototype;
const closedBy = "closedBy" in HTMLDialogElement.prototype;

function enhanceDrawer(button: HTMLButtonElement, dialog: HTMLDialogElement): void {
  // Runs before the button's own command opens the dialog.
  button.addEventListener("click", () => {
    if (dialog.open) return;
    // The page stops scrolling while the drawer is open (app.css): it keeps its scrollbar's room.
    const root = document.documentElement;
    root.style.setProperty("--scrollbar-gap", `${window.innerWidth - root.clientWidth}px`);
    if (!invokerCommands) dialog.showModal();
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
    if (target.closest(`${dataSelector(dataAttr.drawerClose)}, a[href]`)) return dialog.close();
    // The backdrop: a click on the dialog element itself, outside its box (`closedby` does it where supported).
    if (target !== dialog || closedBy) return;
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
