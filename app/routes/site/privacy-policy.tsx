import { PageHeader } from "~/components/site/page-header";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Privacy Policy",
    description: "How Meritum collects, uses, protects and deletes the information you give us through this website, including processing statements.",
  });

export default function Page() {
  return (
    <PageHeader eyebrow="Legal" title="Privacy policy">
      <p>This policy explains what information Meritum collects through this website, why we collect it, how we protect it and how long we keep it.</p>
    </PageHeader>
  );
}
