import { PageHeader } from "~/components/site/page-header";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/faq";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Frequently Asked Questions",
    description: "Answers to common questions about merchant accounts, pricing, contracts, funding times, equipment and security.",
  });

export default function Page() {
  return (
    <PageHeader eyebrow="Resources" title="Frequently asked questions">
      <p>Quick answers about pricing, contracts, funding, equipment and security.</p>
    </PageHeader>
  );
}
