import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { RefObject } from "react";
import { Link, useLocation } from "react-router";
import { buttonVariants } from "~/components/ui/button-variants";
import { isNavItemActive, type NavItem } from "~/lib/nav";
import { cx } from "~/lib/cx";

/**
 * The right-side drawer of the mobile navigation (a Radix Dialog). Loaded on the first
 * tap of the menu button (see mobile-nav.tsx); focus returns to that button on close.
 */
export default function MobileDrawer({
  items,
  open,
  onOpenChange,
  triggerRef,
}: {
  items: NavItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerRef: RefObject<HTMLButtonElement | null>;
}) {
  const { pathname } = useLocation();
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          data-slot="drawer"
          id="mobile-drawer"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            triggerRef.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[85vw] max-w-sm flex-col overflow-y-auto bg-white p-6 shadow-xl animate-drawer-in"
        >
          <div className="mb-6 flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold text-slate-900">Menu</Dialog.Title>
            <Dialog.Close asChild>
              <button
                type="button"
                className={buttonVariants({ variant: "ghost", size: "icon" })}
                aria-label="Close menu"
              >
                <X className="size-6" aria-hidden />
              </button>
            </Dialog.Close>
          </div>
          <nav aria-label="Mobile">
            <ul className="grid gap-1">
              {items.map((item) => {
                const active = isNavItemActive(item, pathname);
                return (
                  <li key={item.label}>
                    <Link
                      to={item.to}
                      onClick={close}
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
                                onClick={close}
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
          <Link to="/contact" onClick={close} className={cx(buttonVariants({ size: "lg" }), "mt-6 w-full")}>
            Get Free Analysis
          </Link>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
