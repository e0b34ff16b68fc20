import { data } from "react-router";

/**
 * Any admin path the routes do not know. The admin layout's gate already answers 404 for
 * every path outside the sections table; this keeps such a path inside the admin layout
 * (its error page) rather than the public site's catch-all.
 */
export function loader() {
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
