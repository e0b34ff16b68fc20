import { useQuery } from "@tanstack/react-query";
import type { PricingResponse } from "@server/proposals/api";
import { PricingForm } from "~/components/admin/proposals/pricing-form";
import { Alert } from "~/components/ui/alert";
import { ListSkeleton } from "~/components/ui/skeleton";
import { failureMessage } from "~/components/ui/use-result-feedback";
import { pricingKeys } from "~/lib/query-keys";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/pricing";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Pricing · Admin",
    description: "Meritum's pricing and the pass-through estimates proposals use.",
    noindex: true,
  });

/** Proposal pricing (admins only, the "settings" permission): GET/PUT /api/admin/pricing. */
export default function PricingPage() {
  const pricing = useQuery<PricingResponse>({ queryKey: pricingKeys.detail() });
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-bold text-foreground">Pricing</h1>
        <p className="mt-2 max-w-3xl text-muted-foreground">
          What statement reviews and proposals price a merchant at. A proposal keeps the pricing it was sent with;
          changes apply to reviews saved from now on.
        </p>
      </div>
      {pricing.isPending ? (
        <ListSkeleton label="Loading the pricing..." />
      ) : pricing.isError ? (
        <Alert variant="error">{failureMessage(pricing.error)}</Alert>
      ) : (
        <PricingForm key={pricing.data.updatedAt ?? "defaults"} record={pricing.data} />
      )}
    </div>
  );
}
