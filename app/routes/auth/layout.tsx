import type { ReactNode } from "react";
import { Link, Outlet } from "react-router";
import { Logo } from "~/components/site/logo";
import { PageLoading } from "~/components/ui/loading";
import { PageTransition } from "~/components/ui/page-transition";
import { RouteError } from "~/components/ui/route-error";
import { usePageLoading } from "~/lib/use-page-loading";
import { useRootData } from "~/lib/site";

function Frame({ children }: { children: ReactNode }) {
  const { settings } = useRootData();
  return (
    <div className="flex min-h-screen flex-col bg-muted">
      <header className="px-4 py-6 sm:px-6">
        <Link to="/" className="text-brand-900" aria-label={`${settings.companyName} home`}>
          <Logo name={settings.companyName} />
        </Link>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pb-16 pt-6">
        {children}
      </main>
    </div>
  );
}

/**
 * Sign-in and password pages: a focused card without the marketing navigation. Between them the
 * card fades and slides in, and "Loading page..." takes its place while the next page loads
 * (spec section 2), as in the admin area.
 */
export default function AuthLayout() {
  const loading = usePageLoading();
  return (
    <Frame>
      {loading ? (
        <PageLoading />
      ) : (
        <PageTransition className="w-full max-w-md rounded-xl border border-border bg-card p-8 shadow-sm">
          <Outlet />
        </PageTransition>
      )}
    </Frame>
  );
}

export function ErrorBoundary() {
  return (
    <Frame>
      <RouteError area="auth" />
    </Frame>
  );
}
