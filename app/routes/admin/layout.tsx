import { QueryClientProvider } from "@tanstack/react-query";
import { DropdownMenu } from "radix-ui";
import { ChevronDown, LogOut, Shield } from "lucide-react";
import { useState } from "react";
import {
  Form,
  isRouteErrorResponse,
  Link,
  NavLink,
  Outlet,
  useLoaderData,
  useNavigation,
  useRouteError,
  useSubmit,
} from "react-router";
import { roleOf } from "@common/roles";
import { requireAdminSection } from "@server/auth/permissions";
import { adminNavFor } from "~/components/admin/admin-nav";
import { Logo } from "~/components/site/logo";
import { FullScreenLoading, PageLoading } from "~/components/ui/loading";
import { createQueryClient } from "~/lib/queryClient";
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

export default function AdminLayout() {
  const { user } = useLoaderData<typeof loader>();
  const [queryClient] = useState(createQueryClient);
  const loading = usePageLoading();
  const navigation = useNavigation();
  const signingOut = navigation.state !== "idle" && navigation.formAction === "/logout";
  const items = adminNavFor(user.role);
  return (
    <QueryClientProvider client={queryClient}>
      {signingOut ? <FullScreenLoading message="Signing out..." /> : null}
      <div className="flex min-h-screen bg-slate-50">
        <aside className="hidden w-60 shrink-0 border-r border-slate-200 bg-white md:block">
          <div className="px-5 py-5">
            <Link to="/admin" className="text-brand-900" aria-label="Meritum admin dashboard">
              <Logo />
            </Link>
          </div>
          <nav aria-label="Admin">
            <ul className="grid gap-1 px-3">
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.to === "/admin"}
                    className={({ isActive }) =>
                      cn(
                        "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100",
                        isActive && "bg-brand-50 text-brand-800",
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
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="flex items-center justify-end border-b border-slate-200 bg-white px-4 py-3 sm:px-8">
            <UserMenu user={user} />
          </header>
          <main id="main" className="min-w-0 flex-1 px-4 py-8 sm:px-8">
            {loading ? <PageLoading /> : <Outlet />}
          </main>
        </div>
      </div>
    </QueryClientProvider>
  );
}

function UserMenu({ user }: { user: { name: string; email: string; role: string } }) {
  const submit = useSubmit();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600">
        <span
          aria-hidden
          className="grid size-7 place-items-center rounded-full bg-brand-800 text-xs font-bold text-white"
        >
          {user.name.slice(0, 1).toUpperCase()}
        </span>
        <span className="sr-only sm:not-sr-only">{user.name}</span>
        <ChevronDown className="size-4" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          <div className="px-3 py-2 text-sm">
            <p className="font-semibold text-slate-900">{user.name}</p>
            <p className="text-slate-600">{user.email}</p>
            <p className="mt-1 text-xs uppercase tracking-wide text-slate-500">{user.role}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild>
            <Link
              to="/admin/security"
              className="flex items-center gap-2 rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
            >
              <Shield className="size-4" aria-hidden /> Account security
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={() => submit(null, { method: "post", action: "/logout" })}
            className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
          >
            <LogOut className="size-4" aria-hidden /> Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** 403 (and other errors) inside the admin area. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const forbidden = status === 403;
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>
        {forbidden
          ? "Access denied · Admin | Meritum"
          : status === 404
            ? "Page not found · Admin | Meritum"
            : "Something went wrong · Admin | Meritum"}
      </title>
      <h1 className="text-2xl font-bold text-slate-900">
        {forbidden ? "You don't have access to this page" : status === 404 ? "Page not found" : "Something went wrong"}
      </h1>
      <p className="mt-3 text-slate-600">
        {forbidden
          ? "Your role does not include this part of the admin area. If you need it, ask an administrator."
          : status === 404
            ? "There is no admin page at this address."
            : "An unexpected error occurred. Please try again."}
      </p>
      <div className="mt-8 flex justify-center gap-4">
        <Link to="/admin" className="font-semibold text-brand-700 underline">
          Go to the dashboard
        </Link>
        <Form method="post" action="/logout">
          <button type="submit" className="font-semibold text-brand-700 underline">
            Sign out
          </button>
        </Form>
      </div>
    </main>
  );
}
