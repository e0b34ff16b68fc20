import { PageHeader } from "~/components/site/page-header";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/guides";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Help Guides",
    description: "Step-by-step guides for merchants: setting up terminals, choosing a gateway, reconciling deposits and switching processors without downtime.",
  });

export default function Page() {
  return (
    <PageHeader eyebrow="Resources" title="Help guides">
      <p>Step-by-step instructions for the tasks merchants do with their payment setup.</p>
    </PageHeader>
  );
}
