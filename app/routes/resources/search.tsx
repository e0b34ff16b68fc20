import { PageHeader } from "~/components/site/page-header";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/search";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Search Resources",
    description: "Search Meritum's articles, guides and frequently asked questions.",
  });

export default function Page() {
  return (
    <PageHeader eyebrow="Resources" title="Search resources">
      <p>Search our articles, guides and frequently asked questions.</p>
    </PageHeader>
  );
}
