import { PageHeader } from "~/components/site/page-header";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Blog",
    description: "Articles on card processing fees, pricing models, chargebacks, PCI compliance and new ways to get paid, written by the Meritum team.",
  });

export default function Page() {
  return (
    <PageHeader eyebrow="Resources" title="The Meritum blog">
      <p>Practical articles on processing fees, pricing, security and new ways to take payments.</p>
    </PageHeader>
  );
}
