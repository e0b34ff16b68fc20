import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, useRouteError, type LinksFunction } from "react-router";
import { getDb } from "@server/db";
import { ownerFirstName, ownerPath, getSiteSettings } from "@server/settings/settings";
import { getConfig } from "@server/config";
import { DeferredToaster } from "~/components/ui/deferred-toaster";
import { ScrollToTop } from "~/components/site/scroll-to-top";
import { useNonce } from "~/lib/nonce";
import type { RootData } from "~/lib/site";
import type { Route } from "./+types/root";
import "./app.css";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export async function loader(_args: Route.LoaderArgs): Promise<RootData> {
  const settings = await getSiteSettings(getDb());
  return {
    settings,
    owner: { firstName: ownerFirstName(settings), name: settings.ownerName, path: ownerPath(settings) },
    siteUrl: getConfig().siteUrl,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-US">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#153d6e" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <DeferredToaster />
        <ScrollToTop />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Last resort for errors outside the site and admin layouts (which have their own). */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-24 text-center">
      <title>
        {status === 404
          ? "Page not found | Meritum"
          : status === 403
            ? "Access denied | Meritum"
            : "Something went wrong | Meritum"}
      </title>
      <h1 className="text-3xl font-bold text-slate-900">
        {status === 404
          ? "Page not found"
          : status === 403
            ? "You don't have access to this page"
            : "Something went wrong"}
      </h1>
      <p className="mt-4 text-slate-600">
        {status === 404
          ? "We couldn't find that page."
          : status === 403
            ? "Your role does not include this part of the admin area. If you need it, ask an administrator."
            : "An unexpected error occurred. Please try again, or call us if it keeps happening."}
      </p>
      <p className="mt-8">
        <a className="font-semibold text-brand-700 underline" href={status === 403 ? "/admin" : "/"}>
          {status === 403 ? "Go to the admin dashboard" : "Go to the home page"}
        </a>
      </p>
    </main>
  );
}
