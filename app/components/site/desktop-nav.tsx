import { ChevronDown } from "lucide-react";
import { Link } from "react-router";
import { isNavItemActive, pathHasPrefix, type NavItem } from "~/lib/nav";
import { dataAttr } from "~/enhance/data-attributes";
import { dataProps } from "~/lib/data-props";

const itemClass =
  "inline-flex h-10 items-center gap-1 rounded-md px-3 text-sm font-semibold text-slate-700 transition-colors duration-200 " +
  "hover:bg-slate-100 hover:text-slate-900 data-[active=true]:text-brand-700 data-[active=true]:bg-brand-50 " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/**
 * A dropdown's list: a popover placed under its button by CSS anchor positioning. Each item
 * scopes the anchor name, so every list finds its own button. The UA's popover box (centred,
 * bordered) is reset.
 */
const panelClass =
  "inset-auto m-0 mt-2 w-72 gap-1 rounded-lg border border-slate-200 bg-white p-2 text-inherit shadow-lg open:grid " +
  "[position-anchor:--nav-item] [position-area:bottom_span-right] [position-try-fallbacks:flip-inline]";

/** The id of a dropdown's list: static, from its label (`nav-services`), the same in every cached copy of a page. */
const navPanelId = (label: string) => `nav-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

/**
 * The desktop main navigation: a disclosure navigation (WAI-ARIA APG "disclosure navigation
 * menu"), decision 0009. Each dropdown is a button over the list after it, so Tab walks into the
 * links. The list is a popover its button toggles (`popovertarget`), so the menus open with no
 * script and before it loads; the browser closes it on Escape or a press elsewhere and keeps one
 * open at a time (decision 0041). `app/enhance/nav.ts` adds hover, pinning, focus leaving and
 * `aria-expanded` (without it, the browser exposes the popover's state on the button itself).
 */
export function DesktopNav({ items, pathname }: { items: NavItem[]; pathname: string }) {
  return (
    <nav aria-label="Main" className="hidden lg:block" {...dataProps(dataAttr.disclosureNav)}>
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
          const panelId = navPanelId(item.label);
          return (
            <li key={item.label} className="group/item [anchor-scope:--nav-item]">
              <button
                type="button"
                className={`${itemClass} [anchor-name:--nav-item]`}
                popoverTarget={panelId}
                {...dataProps(dataAttr.navTrigger, item.label)}
                data-active={active}
                aria-current={active ? "page" : undefined}
                aria-controls={panelId}
              >
                {item.label}
                <ChevronDown
                  className="size-4 transition-transform duration-200 group-has-[:popover-open]/item:rotate-180"
                  aria-hidden
                />
              </button>
              <ul id={panelId} popover="auto" className={panelClass}>
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
