import { QueryClientProvider } from "@tanstack/react-query";
import { ChevronDown, LogOut, Menu, Shield } from "lucide-react";
import { useState } from "react";
import {
  Link,
  NavLink,
  Outlet,
  useLoaderData,
  useNavigation,
  useSubmit,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { roleOf } from "@common/roles";
import { requireAdminSection } from "@server/auth/permissions";
import { adminNavFor, type AdminNavItem } from "~/components/admin/admin-nav";
import { Logo } from "~/components/site/logo";
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { FullScreenLoading, PageLoading } from "~/components/ui/loading";
import { PageTransition } from "~/components/ui/page-transition";
import { RouteError } from "~/components/ui/route-error";
import { createQueryClient } from "~/lib/queryClient";
import { ReauthDialog } from "~/components/admin/reauth-dialog";
import { usePageLoading } from "~/lib/use-page-loading";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/layout";

/**
 * Every request under /admin (documents and client data requests) passes here first:
 * anonymous → /login?redirectTo=…, signed in without the page's permission → 403.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async (args) => {
    requireAdminSection(args);
  },
];

export function loader(args: Route.LoaderArgs) {
  const { user } = requireAdminSection(args);
  return { user: { name: user.name, email: user.email, role: roleOf(user) } };
}

/**
 * The layout's data (who is signed in) does not depend on the query string: a screen's
 * filters and pages (?q=, ?page=) change only what its queries fetch, so they do not
 * reload it. Path changes and form posts do.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export default function AdminLayout() {
  const { user } = useLoaderData<typeof loader>();
  const [queryClient] = useState(createQueryClient);
  const loading = usePageLoading();
  const navigation = useNavigation();
  const signingOut = navigation.state !== "idle" && navigation.formAction === "/logout";
  const items = adminNavFor(user.role);
  return (
    <QueryClientProvider client={queryClient}>
      <ReauthDialog />
      {signingOut ? <FullScreenLoading message="Signing out..." /> : null}
      <div className="flex min-h-screen bg-muted">
        <aside className="hidden w-60 shrink-0 border-r border-border bg-card md:block">
          <div className="px-5 py-5">
            <Link to="/admin" className="text-logo" aria-label="Meritum admin dashboard">
              <Logo />
            </Link>
          </div>
          <AdminNav items={items} />
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="flex items-center justify-between gap-3 border-b border-border bg-card px-4 py-3 sm:px-8 md:justify-end">
            <MobileNav items={items} />
            <UserMenu user={user} />
          </header>
          <main id="main" className="min-w-0 flex-1 px-4 py-8 sm:px-8">
            {loading ? (
              <PageLoading />
            ) : (
              <PageTransition>
                <Outlet />
              </PageTransition>
            )}
          </main>
        </div>
      </div>
    </QueryClientProvider>
  );
}

/** The sections this user may open, from the sections table; the current one marked. */
function AdminNav({ items, onNavigate }: { items: AdminNavItem[]; onNavigate?: () => void }) {
  return (
    <nav aria-label="Admin">
      <ul className="grid gap-1 px-3">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.to === "/admin"}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-soft-foreground hover:bg-subtle",
                  isActive && "bg-selected text-selected-foreground",
                )
              }
            >
              <item.icon className="size-4" aria-hidden />
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Below the md breakpoint the navigation lives in a sheet opened from the header. */
function MobileNav({ items }: { items: AdminNavItem[] }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger className="flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-body-foreground hover:bg-subtle md:hidden">
        <Menu className="size-5" aria-hidden />
        Menu
      </DialogTrigger>
      <DialogContent side="left" aria-describedby={undefined} closeLabel="Close menu">
        <DialogTitle className="px-2 pb-4 text-logo">
          <Logo />
          <span className="sr-only"> admin menu</span>
        </DialogTitle>
        <AdminNav items={items} onNavigate={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function UserMenu({ user }: { user: { name: string; email: string; role: string } }) {
  const submit = useSubmit();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-body-foreground hover:bg-subtle">
        <span
          aria-hidden
          className="grid size-7 place-items-center rounded-full bg-primary text-xs font-bold text-primary-foreground"
        >
          {user.name.slice(0, 1).toUpperCase()}
        </span>
        <span className="sr-only sm:not-sr-only">{user.name}</span>
        <ChevronDown className="size-4" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="block font-semibold text-foreground">{user.name}</span>
          <span className="block font-normal text-muted-foreground">{user.email}</span>
          <span className="mt-1 block text-xs font-normal uppercase tracking-wide text-muted-foreground">
            {user.role}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/admin/security">
            <Shield className="size-4" aria-hidden /> Account security
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => submit(null, { method: "post", action: "/logout" })}>
          <LogOut className="size-4" aria-hidden /> Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** 403, 404 and errors inside the admin area (the layout itself did not render). */
export function ErrorBoundary() {
  return (
    <main id="main" className="min-h-screen bg-muted">
      <RouteError area="admin" />
    </main>
  );
}
