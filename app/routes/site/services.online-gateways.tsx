import { PageHeader } from "~/components/site/page-header";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/services.online-gateways";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Online Payment Gateways",
    description: "Secure online payment gateways for websites, invoices and recurring billing, connected to your shopping cart and supported by people you can call.",
  });

export default function Page() {
  return (
    <PageHeader eyebrow="Services" title="Online payment gateways">
      <p>A payment gateway connects your website or billing software to your merchant account, so customers can pay online securely and you can bill them on a schedule.</p>
    </PageHeader>
  );
}
