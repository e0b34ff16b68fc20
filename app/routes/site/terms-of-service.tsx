import { PageHeader } from "~/components/site/page-header";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/terms-of-service";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Terms of Service",
    description: "The terms that govern your use of the Meritum website, its calculators, resources and contact forms.",
  });

export default function Page() {
  return (
    <PageHeader eyebrow="Legal" title="Terms of service">
      <p>These terms govern your use of the Meritum website. Processing services themselves are provided under a separate merchant agreement.</p>
    </PageHeader>
  );
}
