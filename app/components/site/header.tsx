import { ChevronDown } from "lucide-react";
import { NavigationMenu } from "radix-ui";
import { Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { buildNavItems, isNavItemActive, pathHasPrefix, type NavItem } from "~/lib/nav";
import { useRootData } from "~/lib/site";
import { cn } from "~/lib/utils";
import { Logo } from "./logo";
import { MobileNav } from "./mobile-nav";

const itemClass =
  "inline-flex h-10 items-center gap-1 rounded-md px-3 text-sm font-semibold text-slate-700 transition-colors duration-200 " +
  "hover:bg-slate-100 hover:text-slate-900 data-[active=true]:text-brand-700 data-[active=true]:bg-brand-50";

function DesktopItem({ item, pathname }: { item: NavItem; pathname: string }) {
  const active = isNavItemActive(item, pathname);
  if (!item.children) {
    return (
      <NavigationMenu.Item>
        <NavigationMenu.Link asChild active={active}>
          <Link to={item.to} className={itemClass} data-active={active} aria-current={active ? "page" : undefined}>
            {item.label}
          </Link>
        </NavigationMenu.Link>
      </NavigationMenu.Item>
    );
  }
  return (
    <NavigationMenu.Item className="relative">
      <NavigationMenu.Trigger
        className={cn(itemClass, "group")}
        data-active={active}
        aria-current={active ? "page" : undefined}
      >
        {item.label}
        <ChevronDown
          className="size-4 transition-transform duration-200 group-data-[state=open]:rotate-180"
          aria-hidden
        />
      </NavigationMenu.Trigger>
      <NavigationMenu.Content className="absolute left-0 top-full z-50 mt-2 w-72 rounded-lg border border-slate-200 bg-white p-2 shadow-lg">
        <ul className="grid gap-1">
          {item.children.map((child) => {
            const current =
              child.to === "/services" || child.to === "/about"
                ? pathname === child.to
                : pathHasPrefix(pathname, child.to);
            return (
              <li key={child.to}>
                <NavigationMenu.Link asChild active={current}>
                  <Link
                    to={child.to}
                    aria-current={current ? "page" : undefined}
                    className="block rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700"
                  >
                    {child.label}
                  </Link>
                </NavigationMenu.Link>
              </li>
            );
          })}
        </ul>
      </NavigationMenu.Content>
    </NavigationMenu.Item>
  );
}

export function SiteHeader() {
  const { pathname } = useLocation();
  const { owner, settings } = useRootData();
  const items = buildNavItems({ firstName: owner.firstName, path: owner.path });
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="text-brand-900" aria-label={`${settings.companyName} home`}>
          <Logo name={settings.companyName} />
        </Link>
        <NavigationMenu.Root aria-label="Main" className="hidden lg:block" delayDuration={100}>
          <NavigationMenu.List className="flex items-center gap-1">
            {items.map((item) => (
              <DesktopItem key={item.label} item={item} pathname={pathname} />
            ))}
          </NavigationMenu.List>
        </NavigationMenu.Root>
        <div className="flex items-center gap-2">
          <Button asChild className="hidden sm:inline-flex">
            <Link to="/contact">Get Free Analysis</Link>
          </Button>
          <MobileNav items={items} />
        </div>
      </div>
    </header>
  );
}
