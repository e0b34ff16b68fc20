import { isRouteErrorResponse, Outlet, useLocation, useRouteError } from "react-router";
import { SiteFooter } from "~/components/site/footer";
import { SiteHeader } from "~/components/site/header";
import { NotFound } from "~/components/site/not-found";
import { PageLoading } from "~/components/ui/loading";
import { usePageLoading } from "~/lib/use-page-loading";

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}

export default function SiteLayout() {
  const location = useLocation();
  const loading = usePageLoading();
  return (
    <Shell>
      {loading ? (
        <PageLoading />
      ) : (
        <div key={location.pathname} className="page-transition">
          <Outlet />
        </div>
      )}
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <title>Page not found | Meritum</title>
        <meta name="robots" content="noindex" />
        <NotFound />
      </Shell>
    );
  }
  throw error;
}
