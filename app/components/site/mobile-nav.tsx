import { Menu, X } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button-variants";
import { cn } from "~/lib/utils";
import { isNavItemActive, type NavItem } from "~/lib/nav";
import { dataAttr } from "~/enhance/data-attributes";
import { dataProps } from "~/lib/data-props";

/**
 * Narrow screens: a menu button and a right-side drawer with the same links, a native modal
 * `<dialog>` (its top layer makes the page behind inert). The buttons open and close it with
 * invoker commands (`command`/`commandfor`), Escape and a press on the backdrop (`closedby`)
 * close it, and a chosen link loads the next page: all without a script, before it loads
 * (decision 0041). `app/enhance/drawer.ts` adds the rest: a chosen link closes it at once, focus
 * returns to the menu button, Tab goes round inside, `aria-expanded` follows, and it opens in a
 * browser without invoker commands. The page behind does not scroll while it is open (app.css).
 */
export function MobileNav({ items, pathname }: { items: NavItem[]; pathname: string }) {
  return (
    <>
      <button
        type="button"
        className={cn(buttonVariants({ variant: "ghost", size: "icon" }), "lg:hidden")}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded="false"
        aria-controls="mobile-drawer"
        command="show-modal"
        commandfor="mobile-drawer"
        {...dataProps(dataAttr.drawerOpen)}
      >
        <Menu className="size-6" aria-hidden />
      </button>
      <dialog
        id="mobile-drawer"
        data-slot="drawer"
        closedby="any"
        aria-labelledby="mobile-drawer-title"
        className={
          "fixed inset-y-0 right-0 left-auto m-0 h-full max-h-none w-[85vw] max-w-sm overflow-y-auto overscroll-contain " +
          "bg-white p-6 text-body-foreground shadow-xl animate-drawer-in backdrop:bg-slate-900/50"
        }
      >
        <div className="mb-6 flex items-center justify-between">
          <h2 id="mobile-drawer-title" className="text-lg font-bold text-slate-900">
            Menu
          </h2>
          <button
            type="button"
            className={buttonVariants({ variant: "ghost", size: "icon" })}
            aria-label="Close menu"
            command="close"
            commandfor="mobile-drawer"
            {...dataProps(dataAttr.drawerClose)}
          >
            <X className="size-6" aria-hidden />
          </button>
        </div>
        <nav aria-label="Mobile">
          <ul className="grid gap-1">
            {items.map((item) => {
              const active = isNavItemActive(item, pathname);
              return (
                <li key={item.label}>
                  <Link
                    to={item.to}
                    aria-current={active ? "page" : undefined}
                    className={
                      "block rounded-md px-3 py-2 text-base font-semibold text-slate-800 hover:bg-slate-100 " +
                      "aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700"
                    }
                  >
                    {item.label}
                  </Link>
                  {item.children ? (
                    <ul className="ml-3 grid gap-1 border-l border-slate-200 pl-3">
                      {item.children
                        .filter((child) => child.to !== item.to)
                        .map((child) => (
                          <li key={child.to}>
                            <Link
                              to={child.to}
                              aria-current={pathname === child.to ? "page" : undefined}
                              className="block rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100 aria-[current=page]:text-brand-700"
                            >
                              {child.label}
                            </Link>
                          </li>
                        ))}
                    </ul>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </nav>
        <Link to="/contact" className={cn(buttonVariants({ size: "lg" }), "mt-6 w-full")}>
          Get Free Analysis
        </Link>
      </dialog>
    </>
  );
}
