import { getDb } from "@server/db";
import { listPublishedIndustries } from "@server/industries/industries";
import { CtaBand } from "~/components/site/cta-band";
import { IndustryCards } from "~/components/site/industry-cards";
import { PageHeader } from "~/components/site/page-header";
import { Section } from "~/components/site/section";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/industries";

export async function loader() {
  const industries = await listPublishedIndustries(getDb());
  return { industries: industries.map(({ slug, name, summary }) => ({ slug, name, summary })) };
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Industries We Serve",
    description:
      "Card-payment setups for restaurants, retail, professional services, healthcare, e-commerce, auto repair, salons and nonprofits, configured by {companyName} for how each one gets paid.",
  });

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        eyebrow="Industries"
        title="Payment processing for your industry"
        breadcrumbs={[{ name: "Industries", path: "/industries" }]}
      >
        <p>
          Every kind of business gets paid differently. A restaurant needs tips that post correctly, a dental office
          needs payment plans, an online store needs fraud screening. Choose your industry to see what matters and how
          we would set you up.
        </p>
      </PageHeader>
      <Section id="industry-list" title={`${loaderData.industries.length} industries, each configured on purpose`}>
        <IndustryCards industries={loaderData.industries} />
      </Section>
      <Section id="not-listed" title="Don't see your industry?" tone="muted">
        <p className="max-w-3xl text-lg leading-8 text-slate-700">
          These are the businesses we set up most often, not the only ones. Contractors, schools, veterinary clinics,
          property managers, fitness studios and many more process with us. Tell us how your customers pay and we will
          recommend a setup, with a price, before you commit to anything.
        </p>
      </Section>
      <CtaBand title="Get a setup and a price for your business" />
    </>
  );
}
