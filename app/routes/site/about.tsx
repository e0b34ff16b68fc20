import { PageHeader } from "~/components/site/page-header";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "About Meritum",
    description: "Meritum is a payment-processing provider in Gilbert, Arizona, serving East Valley businesses and merchants nationwide with 35+ years of experience.",
  });

export default function Page() {
  return (
    <PageHeader eyebrow="About" title="Payment processing with a name and a phone number behind it">
      <p>Meritum is a Gilbert, Arizona payment-processing provider. For more than 35 years we have helped small and mid-sized businesses accept cards in person, online and on the go, at fair and readable prices.</p>
    </PageHeader>
  );
}
