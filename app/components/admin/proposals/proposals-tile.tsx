import { useQuery } from "@tanstack/react-query";
import type { ProposalFunnelResponse } from "@server/proposals/api";
import { Card } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { proposalsKeys } from "~/lib/query-keys";

/** The dashboard's proposals tile: sent, first viewed and accepted over the last 30 days (decision 0043). */
export function ProposalsTile() {
  const funnel = useQuery<ProposalFunnelResponse>({ queryKey: proposalsKeys.funnel() });
  if (funnel.isError) return null;
  const items = funnel.data
    ? ([
        ["Sent", funnel.data.sent],
        ["Viewed", funnel.data.viewed],
        ["Accepted", funnel.data.accepted],
      ] as const)
    : null;
  return (
    <Card title="Proposals" description="The last 30 days (Arizona time).">
      {items ? (
        <dl className="mt-4 grid grid-cols-3 gap-3">
          {items.map(([label, value]) => (
            <div key={label} className="rounded-md border border-border p-3">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="mt-1 text-2xl font-bold text-foreground">{value.toLocaleString("en-US")}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <Skeleton className="mt-4 h-20 w-full" />
      )}
    </Card>
  );
}
