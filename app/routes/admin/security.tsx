import { useQuery } from "@tanstack/react-query";
import type { AccountOverview } from "@server/account/account";
import { ChangePassword } from "~/components/admin/security/change-password";
import { arizonaTime, Sessions } from "~/components/admin/security/sessions";
import { TwoFactor } from "~/components/admin/security/two-factor";
import { Alert } from "~/components/ui/alert";
import { Card } from "~/components/ui/card";
import { ListSkeleton } from "~/components/ui/skeleton";
import { failureMessage } from "~/components/ui/use-result-feedback";
import { authRouteHeaders } from "~/lib/route-headers";
import { securityKeys } from "~/lib/query-keys";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/security";

export const headers: Route.HeadersFunction = authRouteHeaders;

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Security · Admin",
    description: "Your password, two-factor authentication, sessions and recent activity.",
    noindex: true,
  });

/**
 * The signed-in user's own account. The data comes from /api/admin/security through
 * TanStack Query, and every change goes through that API (server/account).
 */
export default function SecurityPage() {
  const overview = useQuery<AccountOverview>({ queryKey: securityKeys.overview() });
  return (
    <div className="grid max-w-3xl grid-cols-1 gap-8">
      <div>
        <h1 className="text-2xl font-bold text-foreground">Security</h1>
        <p className="mt-2 text-muted-foreground">
          Your password, two-factor authentication, sessions and recent activity.
        </p>
      </div>
      {overview.isPending ? (
        <ListSkeleton label="Loading your account..." rows={6} />
      ) : overview.isError ? (
        <Alert variant="error">{failureMessage(overview.error)}</Alert>
      ) : (
        <>
          <ChangePassword />
          <TwoFactor enabled={overview.data.twoFactorEnabled} />
          <Sessions sessions={overview.data.sessions} />
          <Card title="Recent activity">
            {overview.data.activity.length === 0 ? (
              <p className="mt-3 text-sm text-muted-foreground">No activity recorded yet.</p>
            ) : (
              <ul className="mt-3 divide-y divide-subtle text-sm">
                {overview.data.activity.map((a) => (
                  <li key={a.id} className="flex flex-wrap justify-between gap-2 py-2">
                    <span className="font-medium text-foreground">{a.label}</span>
                    <span className="text-muted-foreground">
                      {arizonaTime(a.at)} · {a.device}
                      {a.ip ? ` · ${a.ip}` : ""}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
    </div>
  );
}
