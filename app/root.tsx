import { Links, Meta, Outlet, Scripts, useMatches, type LinksFunction } from "react-router";
import { useEffect } from "react";
import { getDb } from "@server/db";
import { ownerFirstName, ownerPath } from "@common/settings";
import { getImageInfos } from "@server/media/images";
import { getSiteSettings } from "@server/settings/settings";
import { shareImagePath } from "@common/media";
import { getConfig } from "@server/config";
import { DeferredToaster } from "~/components/ui/deferred-toaster";
import { NavigationTracker } from "~/components/ui/page-transition";
import { RouteError } from "~/components/ui/route-error";
import { NotificationRegion } from "~/components/site/notification-region";
import { SiteScripts, type SiteScriptsHandle } from "~/components/site/site-scripts";
import { ScrollToTop } from "~/components/site/scroll-to-top";
import { useNonce } from "~/lib/nonce";
import type { RootData } from "~/lib/site";
import type { Route } from "./+types/root";
import appStylesheet from "./app.css?url";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export async function loader(_args: Route.LoaderArgs): Promise<RootData> {
  const db = getDb();
  const settings = await getSiteSettings(db);
  const shareImage = settings.shareImageId
    ? (await getImageInfos(db, [settings.shareImageId])).get(settings.shareImageId)
    : undefined;
  return {
    settings,
    shareImagePath: shareImage ? shareImagePath(shareImage) : null,
    owner: { firstName: ownerFirstName(settings), name: settings.ownerName, path: ownerPath(settings) },
    siteUrl: getConfig().siteUrl,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Public pages are server-rendered and enhanced by the site's own small scripts; staff screens
  // are React Router's single-page app (decision 0037).
  const publicPage = useMatches().some((m) => (m.handle as SiteScriptsHandle | undefined)?.siteScripts);
  return (
    <html lang="en-US">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#153d6e" />
        {/* A resource with a precedence: React writes it at the top of <head>, before the
            hydration scripts' preloads (decision 0009). */}
        <link rel="stylesheet" href={appStylesheet} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        {publicPage ? (
          <>
            <NotificationRegion />
            <SiteScripts nonce={nonce} />
          </>
        ) : (
          <>
            <DeferredToaster />
            {/* A new document starts at its top by itself; client navigations need this. */}
            <ScrollToTop />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document once React has hydrated it, so browser tests (and nothing else) can
  // wait for a page that answers clicks instead of guessing with timers.
  useEffect(() => document.documentElement.setAttribute("data-hydrated", ""), []);
  // Staff screens fade and slide in between routes (PageTransition), from the first client navigation.
  return (
    <NavigationTracker>
      <Outlet />
    </NavigationTracker>
  );
}

/** Last resort for errors outside the site, admin and auth layouts (which have their own). */
export function ErrorBoundary() {
  return (
    <main id="main" className="flex-1">
      <RouteError />
    </main>
  );
}
