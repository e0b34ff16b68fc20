import { PageHeader } from "~/components/site/page-header";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/services.mobile-payments";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Mobile Payment Options",
    description: "Take cards anywhere with Meritum's mobile payment options: phone card readers, tap to pay and invoices, with the same transparent pricing as your counter.",
  });

export default function Page() {
  return (
    <PageHeader eyebrow="Services" title="Mobile payment options">
      <p>Get paid at the job site, the farmers market or the customer's door. Card readers that pair with your phone, tap to pay on the phone itself, and payment links you can text.</p>
    </PageHeader>
  );
}
