import { PageHeader } from "~/components/site/page-header";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Contact Us and Get a Free Analysis",
    description: "Send Meritum your details, or a recent processing statement, and get a free, no-obligation analysis of what you pay and what you could save.",
  });

export default function Page() {
  return (
    <PageHeader eyebrow="Contact" title="Get your free statement analysis">
      <p>Tell us a little about your business, or call us. We'll review your current processing costs and show you, line by line, where you could save. No obligation, no pressure.</p>
    </PageHeader>
  );
}
