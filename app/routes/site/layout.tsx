import { Outlet, redirectDocument, useRouteError } from "react-router";
import { SiteFooter } from "~/components/site/footer";
import { SiteHeader } from "~/components/site/header";
import type { SiteScriptsHandle } from "~/components/site/site-scripts";
import { PageLoading } from "~/components/ui/loading";
import { errorStatus, RouteError } from "~/components/ui/route-error";
import type { Route } from "./+types/layout";

/** Public pages are server-rendered and enhanced by the site's own scripts, not hydrated (decision 0037). */
export const handle: SiteScriptsHandle = { siteScripts: true };

/** Nothing to load; having a loader keeps the server rendering the page, not waiting for `clientLoader`. */
export function loader() {
  return null;
}

/**
 * A public page is never rendered in the browser: a client navigation into one (a link in the
 * staff area, say) becomes a document request, so the page arrives with its own scripts.
 */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  throw redirectDocument(url.pathname + url.search);
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <>
      <SiteHeader />
      {/* view-transition-name (app.css): pages fade and slide in between routes (decision 0037). */}
      <main id="main" tabIndex={-1} className="site-page flex-1 outline-none">
        {children}
      </main>
      {/* What app/enhance/page-loading.ts shows in place of the page while the next one loads. */}
      <template id="page-loading">
        <PageLoading />
      </template>
      <SiteFooter />
    </>
  );
}

export default function SiteLayout() {
  return (
    <Shell>
      <Outlet />
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
