import { useState } from "react";
import { Outlet, useLocation, useRouteError } from "react-router";
import { SiteFooter } from "~/components/site/footer";
import { SiteHeader } from "~/components/site/header";
import { PageLoading } from "~/components/ui/loading";
import { useRecordFirstTouch } from "~/lib/first-touch";
import { errorStatus, RouteError } from "~/components/ui/route-error";
import { usePageLoading } from "~/lib/use-page-loading";
import type { HydrationHandle } from "~/components/site/hydration-scripts";

/** Public pages paint before they hydrate (decision 0009). */
export const handle: HydrationHandle = { hydrateAfterFirstPaint: true };

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
  // Pages fade and slide in *between* routes: the page a visit starts on is painted at once, so
  // its hero text is on screen with the first frame. After the first navigation every page,
  // the first one included, animates. (Adjusting state during render, React's pattern for it.)
  const [firstKey, setFirstKey] = useState<string | null>(location.key);
  if (firstKey !== null && location.key !== firstKey) setFirstKey(null);
  return (
    <Shell>
      {loading ? (
        <PageLoading />
      ) : (
        <div key={location.pathname} className={firstKey === null ? "page-transition" : undefined}>
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
