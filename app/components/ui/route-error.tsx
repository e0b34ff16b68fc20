import { Form, isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import { REQUEST_ID_META, useErrorRequestId } from "~/lib/request-id";
import { buttonVariants } from "./button-variants";

/**
 * The one error page for a route's ErrorBoundary: 403, 404 and anything else (500), in the
 * wording of the area it happens in. Light on purpose (no Radix, no class merging): the
 * public site renders it too.
 *
 *   export function ErrorBoundary() { return <RouteError area="admin" />; }
 */
export type ErrorArea = "site" | "admin" | "auth";

export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** The area a path belongs to, for boundaries above the layouts (the root). */
export function areaOfPath(pathname: string): ErrorArea {
  const path = pathname.toLowerCase();
  if (path === "/login" || /^\/admin\/(password-reset|reset-password|accept-invite)(\/|$)/.test(path)) return "auth";
  if (path === "/admin" || path.startsWith("/admin/")) return "admin";
  return "site";
}

type Kind = "forbidden" | "not-found" | "refused" | "error";
const kindOf = (status: number): Kind =>
  status === 403
    ? "forbidden"
    : status === 404 || status === 410
      ? "not-found"
      : status >= 400 && status < 500
        ? "refused"
        : "error";

/** The sentence a 4xx thrown with `data(message, { status })` carries (e.g. a refused request body). */
export function errorMessageOf(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error) || error.status >= 500) return undefined;
  return typeof error.data === "string" && error.data.length <= 500 ? error.data : undefined;
}

const HEADINGS: Record<Kind, string> = {
  forbidden: "You don't have access to this page",
  "not-found": "Page not found",
  refused: "We couldn't accept that request",
  error: "Something went wrong",
};

const TITLES: Record<Kind, string> = {
  forbidden: "Access denied",
  "not-found": "Page not found",
  refused: "Request not accepted",
  error: "Something went wrong",
};

function explanation(kind: Kind, area: ErrorArea): string {
  if (kind === "forbidden")
    return "Your role does not include this part of the admin area. If you need it, ask an administrator.";
  if (kind === "refused") return "The request that was sent could not be accepted. Please go back and try again.";
  if (kind === "not-found")
    return area === "admin"
      ? "There is no admin page at this address."
      : "The page you asked for isn't here. It may have moved, or the address may have a typo.";
  return area === "site"
    ? "An unexpected error occurred. Please try again, or call us if it keeps happening."
    : "An unexpected error occurred. Please try again.";
}

export function RouteError({ area }: { area?: ErrorArea }) {
  const error = useRouteError();
  const { pathname } = useLocation();
  return <ErrorPage status={errorStatus(error)} area={area ?? areaOfPath(pathname)} message={errorMessageOf(error)} />;
}

export function ErrorPage({ status, area, message }: { status: number; area: ErrorArea; message?: string }) {
  const kind = kindOf(status);
  const requestId = useErrorRequestId();
  const staff = area !== "site" || kind === "forbidden";
  const primary = buttonVariants({ variant: "secondary" });
  const secondary = buttonVariants({ variant: "outline" });
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <title>{`${TITLES[kind]}${area === "admin" ? " · Admin" : ""} | Meritum`}</title>
      <meta name="robots" content="noindex" />
      <p className="text-sm font-semibold uppercase tracking-wide text-link">{status}</p>
      <h1 className="mt-2 text-3xl font-bold text-foreground">{HEADINGS[kind]}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{message ?? explanation(kind, area)}</p>
      {kind === "error" && requestId ? (
        <>
          <meta name={REQUEST_ID_META} content={requestId} />
          <p className="mt-4 text-sm text-muted-foreground">
            If you contact us about this, please quote reference <code className="font-mono">{requestId}</code>.
          </p>
        </>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {area === "admin" || kind === "forbidden" ? (
          <>
            <Link to="/admin" className={primary}>
              Go to the dashboard
            </Link>
            <Form method="post" action="/logout">
              <button type="submit" className={secondary}>
                Sign out
              </button>
            </Form>
          </>
        ) : staff ? (
          <Link to="/login" className={primary}>
            Go to sign in
          </Link>
        ) : (
          <>
            <Link to="/" className={primary}>
              Go to the home page
            </Link>
            {kind === "not-found" ? (
              <>
                <Link to="/resources" className={secondary}>
                  Browse resources
                </Link>
                <Link to="/contact" className={secondary}>
                  Contact us
                </Link>
              </>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
