import { PageHeader } from "~/components/site/page-header";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/overview";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Resources for Merchants",
    description: "Articles, step-by-step guides and answers to common questions about merchant accounts, card fees, PCI compliance and getting paid.",
  });

export default function Page() {
  return (
    <PageHeader eyebrow="Resources" title="Resources for smarter payment processing">
      <p>Plain-English articles, step-by-step guides and answers to the questions merchants ask us most.</p>
    </PageHeader>
  );
}
