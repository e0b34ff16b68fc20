import { BadgePercent, CalendarX, Headset, Layers } from "lucide-react";
import { CtaBand } from "~/components/site/cta-band";
import { FeatureGrid } from "~/components/site/feature-grid";
import { PageHeader } from "~/components/site/page-header";
import { Section } from "~/components/site/section";
import { ServiceCards } from "~/components/site/service-cards";
import { seo } from "~/lib/seo";
import { useRootData } from "~/lib/site";
import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Payment Processing Services",
    description:
      "Merchant accounts, mobile payments and online payment gateways from {companyName}, with interchange-plus pricing, no long-term contracts and local support from {location}.",
  });

export default function Page() {
  const { settings } = useRootData();
  return (
    <>
      <PageHeader
        eyebrow="Services"
        title="Payment services built around how you get paid"
        breadcrumbs={[{ name: "Services", path: "/services" }]}
      >
        <p>
          Whether you take cards at a counter, in the field or on your website, we set up the accounts and equipment
          that fit, price them transparently, and stay on call afterwards.
        </p>
      </PageHeader>

      <Section
        id="offerings"
        title="Three services, one account"
        intro="Most businesses start with a merchant account and add mobile or online payments as they grow. Everything settles to the same account, one deposit a day and one statement a month."
      >
        <ServiceCards />
      </Section>

      <Section
        id="every-service"
        eyebrow="With every service"
        title="What doesn't change, whichever you choose"
        tone="muted"
      >
        <FeatureGrid
          columns={4}
          items={[
            {
              icon: BadgePercent,
              title: "Interchange-plus pricing",
              text: "The card networks' cost at cost, plus one markup in writing. No tiers, no bundled rates.",
            },
            {
              icon: CalendarX,
              title: "No long-term contract",
              text: "Month-to-month agreements with no early-termination fee. Stay because it works.",
            },
            {
              icon: Layers,
              title: "One account for everything",
              text: "Counter, mobile and online sales in one deposit and on one readable statement.",
            },
            {
              icon: Headset,
              title: "Local, personal support",
              text: `A real person in ${settings.location} who knows your account, backed by ${settings.experience} in the industry.`,
            },
          ]}
        />
      </Section>

      <Section id="not-sure" title="Not sure which you need?">
        <div className="grid gap-6 text-lg leading-8 text-slate-700 lg:grid-cols-3">
          <p>
            <strong className="text-slate-900">Customers pay you in person?</strong> Start with a merchant account and a
            countertop or handheld terminal.
          </p>
          <p>
            <strong className="text-slate-900">You go to your customers?</strong> Add mobile payments: a phone reader or
            tap to pay, plus text-to-pay links.
          </p>
          <p>
            <strong className="text-slate-900">You sell or bill online?</strong> Add a payment gateway for your website,
            invoices or subscriptions.
          </p>
        </div>
      </Section>

      <CtaBand title="Tell us how you get paid, and we'll suggest the setup" />
    </>
  );
}
