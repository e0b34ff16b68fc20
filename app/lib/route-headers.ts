/**
 * A route `headers` export that passes on what auth loaders and actions return: session
 * cookies (Set-Cookie) and Retry-After on a 429. React Router applies data() headers only
 * through this export.
 */
export function authRouteHeaders({
  loaderHeaders,
  actionHeaders,
  errorHeaders,
}: {
  loaderHeaders: Headers;
  actionHeaders: Headers;
  errorHeaders?: Headers;
}): Headers {
  const out = new Headers();
  for (const h of [loaderHeaders, actionHeaders, errorHeaders]) {
    if (!h) continue;
    for (const cookie of h.getSetCookie()) out.append("Set-Cookie", cookie);
    const retry = h.get("Retry-After");
    if (retry) out.set("Retry-After", retry);
  }
  return out;
}
