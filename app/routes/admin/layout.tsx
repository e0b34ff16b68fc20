import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Link, NavLink, Outlet } from "react-router";
import { adminNavItems } from "~/components/admin/admin-nav";
import { Logo } from "~/components/site/logo";
import { PageLoading } from "~/components/ui/loading";
import { createQueryClient } from "~/lib/queryClient";
import { usePageLoading } from "~/lib/use-page-loading";
import { cn } from "~/lib/utils";

export default function AdminLayout() {
  const [queryClient] = useState(createQueryClient);
  const loading = usePageLoading();
  return (
    <QueryClientProvider client={queryClient}>
      <div className="flex min-h-screen bg-slate-50">
        <aside className="hidden w-60 shrink-0 border-r border-slate-200 bg-white md:block">
          <div className="px-5 py-5">
            <Link to="/admin" className="text-brand-900" aria-label="Admin dashboard">
              <Logo />
            </Link>
          </div>
          <nav aria-label="Admin">
            <ul className="grid gap-1 px-3">
              {adminNavItems.map((item) => (
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
        <main id="main" className="min-w-0 flex-1 px-4 py-8 sm:px-8">
          {loading ? <PageLoading /> : <Outlet />}
        </main>
      </div>
    </QueryClientProvider>
  );
}
