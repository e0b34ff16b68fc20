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

/** A missing page keeps the site's header and footer; other errors go to the root's boundary. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (errorStatus(error) !== 404) throw error;
  return (
    <Shell>
      <RouteError area="site" />
    </Shell>
  );
}
