import { PageHeader } from "~/components/site/page-header";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Payment Processing Services",
    description: "Merchant accounts, mobile payments and online payment gateways from Meritum, with interchange-plus pricing and local support from Gilbert, Arizona.",
  });

export default function Page() {
  return (
    <PageHeader eyebrow="Services" title="Payment services built around how you get paid">
      <p>Whether you take cards at a counter, in the field or on your website, we set up the accounts and equipment that fit, price them transparently, and stay on call afterwards.</p>
    </PageHeader>
  );
}
