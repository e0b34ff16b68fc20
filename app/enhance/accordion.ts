import { dataAttr, dataSelector } from "./data-attributes";
/**
 * The WAI-ARIA APG accordions (`app/components/site/accordion.tsx`): the FAQ on the service pages
 * and on /resources/faq. Each question is a native button, so Enter and Space toggle it; a second
 * press closes it. An accordion opens one answer at a time unless it says
 * `data-accordion="multiple"`. ArrowDown/ArrowUp move between its questions (wrapping), Home/End
 * go to the first/last. `aria-expanded`, `data-state` (which turns the chevron) and `hidden` on
 * the answer stay in step.
 *
 * Items rendered with an id (the FAQ page's questions) can be linked to: on load and whenever the
 * #fragment changes, the item it names opens, scrolls into view and its question takes focus.
 */

const ACCORDION = dataSelector(dataAttr.accordion);
const ITEM = dataSelector(dataAttr.accordionItem);
const TRIGGER = dataSelector(dataAttr.accordionTrigger);

/** The questions of one accordion, in order (not those of an accordion nested inside it). */
function triggersOf(root: Element): HTMLButtonElement[] {
  return [...root.querySelectorAll<HTMLButtonElement>(TRIGGER)].filter((t) => t.closest(ACCORDION) === root);
}

function panelOf(trigger: HTMLButtonElement): HTMLElement | null {
  const id = trigger.getAttribute("aria-controls");
  return id ? document.getElementById(id) : null;
}

function isOpen(trigger: HTMLButtonElement): boolean {
  return trigger.getAttribute("aria-expanded") === "true";
}

function render(trigger: HTMLButtonElement, open: boolean): void {
  const state = open ? "open" : "closed";
  trigger.setAttribute("aria-expanded", String(open));
  trigger.setAttribute(dataAttr.state, state);
  const item = trigger.closest<HTMLElement>(ITEM);
  item?.setAttribute(dataAttr.state, state);
  const panel = panelOf(trigger);
  if (panel) panel.hidden = !open;
}

/** Opens or closes one question; opening closes the others unless the accordion allows several. */
function setOpen(root: Element, trigger: HTMLButtonElement, open: boolean): void {
  if (open && root.getAttribute(dataAttr.accordion) !== "multiple") {
    for (const other of triggersOf(root)) if (other !== trigger && isOpen(other)) render(other, false);
  }
  render(trigger, open);
}

/** Where a key moves focus among `count` questions from `index`; -1 for keys the accordion leaves alone. */
export function targetIndex(key: string, index: number, count: number): number {
  const last = count - 1;
  switch (key) {
    case "ArrowDown":
      return index === last ? 0 : index + 1;
    case "ArrowUp":
      return index === 0 ? last : index - 1;
    case "Home":
      return 0;
    case "End":
      return last;
    default:
      return -1;
  }
}

/** The item a #fragment names: an accordion item rendered with that id, or nothing. */
function itemFromHash(hash: string): HTMLElement | null {
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
  if (!id) return null;
  const el = document.getElementById(id);
  return el?.matches(ITEM) && el.closest(ACCORDION) ? el : null;
}

function openFromHash(): void {
  const item = itemFromHash(window.location.hash);
  const root = item?.closest(ACCORDION);
  const trigger = item?.querySelector<HTMLButtonElement>(TRIGGER);
  if (!item || !root || !trigger) return;
  if (!isOpen(trigger)) setOpen(root, trigger, true);
  item.scrollIntoView({ block: "start" });
  trigger.focus({ preventScroll: true });
}

export function enhanceAccordions(): void {
  const roots = document.querySelectorAll(ACCORDION);
  if (!roots.length) return;
  for (const root of roots) {
    root.addEventListener("click", (event) => {
      const trigger = (event.target as Element).closest<HTMLButtonElement>(TRIGGER);
      if (!trigger || trigger.closest(ACCORDION) !== root) return;
      setOpen(root, trigger, !isOpen(trigger));
    });
    root.addEventListener("keydown", (event) => {
      const { key, target } = event as KeyboardEvent;
      if (!(target instanceof HTMLButtonElement) || !target.matches(TRIGGER)) return;
      const triggers = triggersOf(root);
      const index = triggers.indexOf(target);
      if (index < 0) return;
      const next = targetIndex(key, index, triggers.length);
      if (next < 0) return;
      event.preventDefault();
      triggers[next]?.focus();
    });
  }
  if (document.querySelector(`${ACCORDION} ${ITEM}[id]`)) {
    openFromHash();
    window.addEventListener("hashchange", openFromHash);
  }
}
