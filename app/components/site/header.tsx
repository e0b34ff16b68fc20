import { Link, useLocation } from "react-router";
import { buttonVariants } from "~/components/ui/button-variants";
import { cn } from "~/lib/utils";
import { buildNavItems } from "~/lib/nav";
import { useRootData } from "~/lib/site";
import { DesktopNav } from "./desktop-nav";
import { Logo } from "./logo";
import { MobileNav } from "./mobile-nav";

export function SiteHeader() {
  const { pathname } = useLocation();
  const { owner, settings } = useRootData();
  const items = buildNavItems({ firstName: owner.firstName, path: owner.path });
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <a
        href="#main"
        className={
          "sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-2 focus:z-50 focus:rounded-md " +
          "focus:bg-white focus:px-4 focus:py-2 focus:shadow"
        }
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6">
        <Link to="/" className="text-brand-900" aria-label={`${settings.companyName} home`}>
          <Logo name={settings.companyName} />
        </Link>
        <DesktopNav items={items} pathname={pathname} />
        <div className="flex items-center gap-1 sm:gap-2">
          {/* Compact below 640 px, so it fits beside the menu button at 360 px. The sm: classes come
              later in the stylesheet than the size's, so they win without tailwind-merge (decision 0009). */}
          <Link
            to="/contact"
            className={cn(buttonVariants({ size: "sm" }), "max-sm:px-2.5 max-sm:text-xs sm:h-10 sm:px-4")}
          >
            Get Free Analysis
          </Link>
          <MobileNav items={items} pathname={pathname} />
        </div>
      </div>
    </header>
  );
}
