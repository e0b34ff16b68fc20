import { BadgePercent, Handshake, Headset, Scale } from "lucide-react";
import { Link } from "react-router";
import { CtaBand } from "~/components/site/cta-band";
import { FeatureGrid } from "~/components/site/feature-grid";
import { JsonLd } from "~/components/site/json-ld";
import { PageHeader } from "~/components/site/page-header";
import { Section } from "~/components/site/section";
import { buttonVariants } from "~/components/ui/button-variants";
import { seo } from "~/lib/seo";
import { useRootData } from "~/lib/site";
import { organizationLd } from "~/lib/structured-data";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "About {companyName}",
    description:
      "{companyName} is a payment-processing provider in {location}, serving East Valley businesses and merchants nationwide with {experience} of experience and personal service.",
  });

export default function Page() {
  const { settings, owner, siteUrl } = useRootData();
  return (
    <>
      <JsonLd data={organizationLd(settings, siteUrl)} />
      <PageHeader eyebrow="About" title="Payment processing with a name and a phone number behind it">
        <p>
          {settings.companyName} is a payment-processing provider in {settings.location}. For {settings.experience} we
          have helped small and mid-sized businesses accept cards in person, online and on the go, at fair prices they
          can read.
        </p>
      </PageHeader>

      <Section id="story" eyebrow="Our story" title="Small on purpose">
        <div className="grid gap-10 lg:grid-cols-3">
          <div className="space-y-5 text-lg leading-8 text-slate-700 lg:col-span-2">
            <p>
              {settings.companyName} started with a simple observation from {owner.name}&apos;s years inside the
              card-processing industry: most merchants couldn&apos;t explain their own statement, and the companies
              sending it preferred it that way. Rates were quoted low and billed high, contracts renewed themselves, and
              help meant a call center that had never heard of you.
            </p>
            <p>
              We built the opposite. We quote interchange-plus, so the card networks&apos; costs pass through at cost
              and our markup is one number in writing. Our agreements run month to month. And the person who sets up
              your account is the person who answers when you call.
            </p>
            <p>
              Our customers are restaurants and retailers in Gilbert, Mesa, Chandler and Queen Creek, medical and dental
              practices across the Phoenix area, and online stores and service firms from coast to coast that found us
              through a referral and stayed for the service.
            </p>
          </div>
          <dl className="grid content-start gap-4">
            <div className="rounded-xl border border-slate-200 bg-slate-50 p-5">
              <dt className="text-sm text-slate-600">In payments for</dt>
              <dd className="text-3xl font-extrabold text-brand-800">{settings.experience}</dd>
            </div>
            <div className="rounded-xl border border-slate-200 bg-slate-50 p-5">
              <dt className="text-sm text-slate-600">Based in</dt>
              <dd className="text-xl font-bold text-brand-800">{settings.location}</dd>
            </div>
            <div className="rounded-xl border border-slate-200 bg-slate-50 p-5">
              <dt className="text-sm text-slate-600">Serving</dt>
              <dd className="text-xl font-bold text-brand-800">The East Valley and merchants nationwide</dd>
            </div>
          </dl>
        </div>
      </Section>

      <Section id="principles" eyebrow="How we work" title="Four promises we put in writing" tone="muted">
        <FeatureGrid
          columns={4}
          items={[
            {
              icon: BadgePercent,
              title: "Cost-plus, never bundled",
              text: "Interchange and assessments at cost, plus one markup. If interchange drops, your bill drops.",
            },
            {
              icon: Scale,
              title: "No lock-in",
              text: "Month-to-month agreements, no early-termination fees, and no equipment leases that outlive the equipment.",
            },
            {
              icon: Headset,
              title: "A person, not a queue",
              text: "Call during business hours and talk to someone who knows your account and can fix the problem.",
            },
            {
              icon: Handshake,
              title: "Advice before a sale",
              text: "If your current setup is already a good deal, we will tell you so, and you owe us nothing for the analysis.",
            },
          ]}
        />
      </Section>

      <Section id="owner" eyebrow="Leadership" title={`Led by ${owner.name}`}>
        <div className="grid items-center gap-8 lg:grid-cols-3">
          <p className="text-lg leading-8 text-slate-700 lg:col-span-2">
            {owner.name}, our {settings.ownerTitle.toLowerCase()}, has spent {settings.experience} helping merchants get
            paid, first in bank card services and then on his own. He still reviews statements himself and takes calls
            from customers, new and old.
          </p>
          <Link to={owner.path} className={buttonVariants({ size: "lg", variant: "secondary" })}>
            Meet {owner.firstName}
          </Link>
        </div>
      </Section>

      <CtaBand />
    </>
  );
}
