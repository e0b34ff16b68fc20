import { Outlet, useLocation, useRouteError } from "react-router";
import { SiteFooter } from "~/components/site/footer";
import { SiteHeader } from "~/components/site/header";
import { PageLoading } from "~/components/ui/loading";
import { useRecordFirstTouch } from "~/lib/first-touch";
import { errorStatus, RouteError } from "~/components/ui/route-error";
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
  // Where this visit began, for the public forms (common/attribution.ts).
  useRecordFirstTouch();
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

/**
 * A missing page keeps the site's header and footer; other errors get the bare page the root's
 * boundary shows. Rendered here, not re-thrown: on the server a re-thrown error fails the
 * first render, which React Router then reports (and we log) a second time.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  if (errorStatus(error) !== 404)
    return (
      <main id="main" className="flex-1">
        <RouteError area="site" />
      </main>
    );
  return (
    <Shell>
      <RouteError area="site" />
    </Shell>
  );
}
