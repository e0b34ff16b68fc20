import { PageHeader } from "~/components/site/page-header";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/services.merchant-accounts";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Small Business Merchant Accounts",
    description: "Merchant accounts with transparent interchange-plus pricing, next-day funding and no long-term contract, set up and supported by Meritum in Gilbert, Arizona.",
  });

export default function Page() {
  return (
    <PageHeader eyebrow="Services" title="Small business merchant accounts">
      <p>A merchant account lets your business accept credit and debit cards and deposits the money into your bank account. We set yours up with interchange-plus pricing, so you see exactly what the card networks charge and what we charge.</p>
    </PageHeader>
  );
}
