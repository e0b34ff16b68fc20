import { redirect } from "react-router";
import { writeAudit } from "@server/audit/audit";
import { getAuth } from "@server/auth/auth";
import { getSession } from "@server/auth/permissions";
import { cookieHeaders, requestMetaOf } from "@server/auth/route-helpers";
import { getDb } from "@server/db";
import type { Route } from "./+types/logout";

/** POST /logout: deletes the server session and clears the cookie. */
export async function action(args: Route.ActionArgs) {
  const session = getSession(args);
  const { headers } = await getAuth().api.signOut({ headers: args.request.headers, returnHeaders: true });
  if (session) {
    await writeAudit(getDb(), {
      action: "sign_out",
      actorId: session.user.id,
      actorEmail: session.user.email,
      target: session.user.email,
      ...requestMetaOf(args),
    });
  }
  throw redirect("/login?notice=signed-out", { headers: cookieHeaders(headers) });
}

export function loader() {
  throw redirect("/login");
}
