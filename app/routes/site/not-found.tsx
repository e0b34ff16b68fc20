import { getDb } from "@server/db";
import { notFoundOrRedirect } from "@server/redirects/redirects";
import type { Route } from "./+types/not-found";

/** Any path no other route claims: a 301 when the path moved (server/redirects), else the not-found page (404). */
export async function loader({ request }: Route.LoaderArgs) {
  return notFoundOrRedirect(getDb(), request);
}

export default function NotFoundRoute() {
  return null;
}
