import { Menu } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { buttonVariants } from "~/components/ui/button-variants";
import { cx } from "~/lib/cx";
import type { NavItem } from "~/lib/nav";

const MobileDrawer = lazy(() => import("./mobile-drawer"));

/**
 * Narrow screens: a menu button opens a right-side drawer with the same links. The drawer
 * (Radix Dialog) is fetched on first use, which keeps it out of every page's first-load JS.
 */
export function MobileNav({ items }: { items: NavItem[] }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        type="button"
        ref={trigger}
        className={cx(buttonVariants({ variant: "ghost", size: "icon" }), "lg:hidden")}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? "mobile-drawer" : undefined}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        // Start fetching the drawer as soon as a tap or hover begins.
        onPointerEnter={() => void import("./mobile-drawer")}
        onTouchStart={() => void import("./mobile-drawer")}
      >
        <Menu className="size-6" aria-hidden />
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <MobileDrawer items={items} open={open} onOpenChange={setOpen} triggerRef={trigger} />
        </Suspense>
      ) : null}
    </>
  );
}
