import { ChevronDown } from "lucide-react";
import { useEffect, useId, useRef, useState, type FocusEvent, type PointerEvent } from "react";
import { Link } from "react-router";
import { isNavItemActive, pathHasPrefix, type NavItem } from "~/lib/nav";

const itemClass =
  "inline-flex h-10 items-center gap-1 rounded-md px-3 text-sm font-semibold text-slate-700 transition-colors duration-200 " +
  "hover:bg-slate-100 hover:text-slate-900 data-[active=true]:text-brand-700 data-[active=true]:bg-brand-50 " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/** Which dropdown is open, and whether a click or key (not just the pointer resting on it) opened it. */
interface OpenState {
  label: string;
  pinned: boolean;
}

const HOVER_OPEN_MS = 100;
const HOVER_CLOSE_MS = 200;

/**
 * The desktop main navigation: a disclosure navigation (WAI-ARIA APG "disclosure navigation
 * menu"), decision 0009. Each dropdown is a button with aria-expanded that shows or hides the
 * list after it, so Tab walks into the links. Resting the mouse on an item opens it and leaving
 * closes it; a click (mouse, touch, Enter or Space) pins it open, and a second click closes it.
 * Escape closes and returns focus to the button; a click elsewhere or focus leaving closes it.
 */
export function DesktopNav({ items, pathname }: { items: NavItem[]; pathname: string }) {
  const [open, setOpen] = useState<OpenState | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const baseId = useId();

  const clearTimer = () => clearTimeout(timer.current);
  const later = (ms: number, fn: () => void) => {
    clearTimer();
    timer.current = setTimeout(fn, ms);
  };

  // A navigation closes whatever is open.
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(null);
  }
  useEffect(() => clearTimer, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpen(null);
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      setOpen(null);
      navRef.current?.querySelector<HTMLButtonElement>(`[data-nav-trigger="${open.label}"]`)?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  const onItemPointerEnter = (label: string) => (event: PointerEvent) => {
    if (event.pointerType !== "mouse") return; // touch and pen open by tapping
    if (open?.label === label) return clearTimer();
    later(open ? 0 : HOVER_OPEN_MS, () => setOpen({ label, pinned: false }));
  };
  const onItemPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    later(HOVER_CLOSE_MS, () => setOpen((current) => (current?.pinned ? current : null)));
  };
  const onTriggerClick = (label: string) => {
    clearTimer();
    setOpen((current) => {
      if (current?.label !== label) return { label, pinned: true };
      // Opened by resting the mouse on it: the click keeps it open. Already pinned: close.
      return current.pinned ? null : { label, pinned: true };
    });
  };
  // Focus moving out of an item (Tab past its last link, or to another item) closes its list.
  const onItemBlur = (label: string) => (event: FocusEvent<HTMLLIElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && !event.currentTarget.contains(next)) {
      setOpen((current) => (current?.label === label ? null : current));
    }
  };

  return (
    <nav ref={navRef} aria-label="Main" className="hidden lg:block">
      <ul className="flex items-center gap-1">
        {items.map((item) => {
          const active = isNavItemActive(item, pathname);
          if (!item.children) {
            return (
              <li key={item.label}>
                <Link
                  to={item.to}
                  className={itemClass}
                  data-active={active}
                  aria-current={active ? "page" : undefined}
                >
                  {item.label}
                </Link>
              </li>
            );
          }
          const expanded = open?.label === item.label;
          const panelId = `${baseId}-${item.label.toLowerCase()}`;
          return (
            <li
              key={item.label}
              className="relative"
              onPointerEnter={onItemPointerEnter(item.label)}
              onPointerLeave={onItemPointerLeave}
              onBlur={onItemBlur(item.label)}
            >
              <button
                type="button"
                className={`${itemClass} group`}
                data-nav-trigger={item.label}
                data-active={active}
                data-state={expanded ? "open" : "closed"}
                aria-current={active ? "page" : undefined}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => onTriggerClick(item.label)}
              >
                {item.label}
                <ChevronDown
                  className="size-4 transition-transform duration-200 group-data-[state=open]:rotate-180"
                  aria-hidden
                />
              </button>
              <ul
                id={panelId}
                hidden={!expanded}
                className="absolute left-0 top-full z-50 mt-2 grid w-72 gap-1 rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
              >
                {item.children.map((child) => {
                  const current =
                    child.to === "/services" || child.to === "/about"
                      ? pathname === child.to
                      : pathHasPrefix(pathname, child.to);
                  return (
                    <li key={child.to}>
                      <Link
                        to={child.to}
                        aria-current={current ? "page" : undefined}
                        className={
                          "block rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 " +
                          "hover:text-slate-900 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700"
                        }
                      >
                        {child.label}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
