import { PageHeader } from "~/components/site/page-header";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/industries";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Industries We Serve",
    description: "Payment setups for restaurants, retail, professional services, healthcare, e-commerce, auto repair, salons and nonprofits, from Meritum in Gilbert, Arizona.",
  });

export default function Page() {
  return (
    <PageHeader eyebrow="Industries" title="Payment processing for your industry">
      <p>Every kind of business gets paid differently. Find the card-acceptance setup that fits yours, from quick-service counters to recurring memberships.</p>
    </PageHeader>
  );
}
