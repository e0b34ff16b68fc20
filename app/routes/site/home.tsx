import { ArrowRight, BadgePercent, CalendarX, Calculator, Headset, MapPin, Phone, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { getDb } from "@server/db";
import { listPublishedIndustries } from "@server/industries/industries";
import { CtaBand } from "~/components/site/cta-band";
import { FeatureGrid } from "~/components/site/feature-grid";
import { IndustryCards } from "~/components/site/industry-cards";
import { JsonLd } from "~/components/site/json-ld";
import { Section } from "~/components/site/section";
import { ServiceCards } from "~/components/site/service-cards";
import { Steps } from "~/components/site/steps";
import { buttonVariants } from "~/components/ui/button-variants";
import { assumptionsFromSettings, estimateSavings, formatMoney, formatPercent } from "@common/savings";
import { seo } from "~/lib/seo";
import { telHref, useRootData } from "~/lib/site";
import { organizationLd } from "~/lib/structured-data";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/home";

export async function loader() {
  const industries = await listPublishedIndustries(getDb());
  return { industries: industries.map(({ slug, name, summary }) => ({ slug, name, summary })) };
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "{companyName} | Merchant Accounts and Payment Processing in {location}",
    description: "{seoDescription}",
  });

/** The example on the hero card: a typical café, priced at the published illustration. */
const EXAMPLE = { volume: 25_000, transactions: 500, fees: 850 };

export default function Home({ loaderData }: Route.ComponentProps) {
  const { settings, owner, siteUrl } = useRootData();
  const example = estimateSavings(EXAMPLE, assumptionsFromSettings(settings));
  const city = settings.location.split(",")[0];
  return (
    <>
      <JsonLd data={organizationLd(settings, siteUrl)} />
      <section
        aria-labelledby="hero-heading"
        className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white"
      >
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-800 shadow-sm ring-1 ring-brand-100">
              <MapPin className="size-4" aria-hidden />
              {settings.location} · {settings.experience} of experience
            </p>
            <h1
              id="hero-heading"
              className="mt-5 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl xl:text-[3.5rem] xl:leading-[1.1]"
            >
              Payment processing with a person on the other end of the line
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-8 text-slate-600">
              Merchant accounts, mobile payments and online gateways for businesses in the East Valley of Arizona and
              across the country, priced so you can read your statement and supported by people who know your name.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/contact" className={buttonVariants({ size: "lg" })}>
                Get Free Analysis
              </Link>
              <a href={telHref(settings.phone)} className={buttonVariants({ size: "lg", variant: "outline" })}>
                <Phone className="size-5" aria-hidden />
                {settings.phone}
              </a>
            </div>
            <ul className="mt-8 grid gap-2 text-sm font-medium text-slate-700 sm:grid-cols-3">
              <li className="flex items-center gap-2">
                <BadgePercent className="size-4 text-accent-600" aria-hidden /> Interchange-plus pricing
              </li>
              <li className="flex items-center gap-2">
                <CalendarX className="size-4 text-accent-600" aria-hidden /> No long-term contracts
              </li>
              <li className="flex items-center gap-2">
                <Headset className="size-4 text-accent-600" aria-hidden /> Local, personal support
              </li>
            </ul>
          </div>
          <figure className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-brand-900/5 sm:p-8">
            <figcaption className="text-sm font-semibold uppercase tracking-wide text-brand-700">
              A typical statement review
            </figcaption>
            <p className="mt-2 text-lg font-semibold text-slate-900">
              A café with {formatMoney(EXAMPLE.volume, true)} in monthly card sales, paying{" "}
              {formatMoney(EXAMPLE.fees, true)} in fees
            </p>
            <dl className="mt-6 grid grid-cols-2 gap-4">
              <div className="rounded-xl bg-slate-50 p-4">
                <dt className="text-sm text-slate-600">Effective rate today</dt>
                <dd className="mt-1 text-2xl font-bold tabular-nums text-slate-900">
                  {formatPercent(example.currentRatePercent)}
                </dd>
              </div>
              <div className="rounded-xl bg-accent-50 p-4">
                <dt className="text-sm text-accent-700">With interchange-plus</dt>
                <dd className="mt-1 text-2xl font-bold tabular-nums text-accent-700">
                  {formatPercent(example.estimatedRatePercent)}
                </dd>
              </div>
              <div className="col-span-2 rounded-xl bg-brand-900 p-4 text-white">
                <dt className="text-sm text-slate-200">Estimated yearly saving</dt>
                <dd className="mt-1 text-3xl font-extrabold tabular-nums">{formatMoney(example.yearlySaving, true)}</dd>
              </div>
            </dl>
            <p className="mt-4 text-xs leading-5 text-slate-600">
              Illustration at our published rates; your own saving depends on your card mix and current fees.
            </p>
          </figure>
        </div>
      </section>

      <Section
        id="services"
        eyebrow="What we do"
        title="Everything you need to take cards, and nothing you don't"
        intro="Three services that share one merchant account, one deposit and one statement. Start with what you need today and add the rest when you grow."
      >
        <ServiceCards />
      </Section>

      <Section
        id="how-switching-works"
        eyebrow="How switching works"
        title="Switching processors takes about a week, and we do the heavy lifting"
        tone="muted"
      >
        <Steps
          items={[
            {
              title: "Send us a statement",
              text: "Upload or e-mail one recent processing statement, or just tell us your monthly volume. It takes two minutes.",
            },
            {
              title: "Get a line-by-line analysis",
              text: "Within two business days you get a plain-English breakdown of what you pay now, what it should cost, and the difference.",
            },
            {
              title: "Approve and set up",
              text: "If the numbers work, we handle the application, reprogram or supply your equipment, and test a live sale with you.",
            },
            {
              title: "Start saving, keep your number",
              text: "Deposits arrive the next business day. Your first statement shows the savings, and you still call the same people.",
            },
          ]}
        />
      </Section>

      <Section id="why-us" eyebrow="Why merchants choose us" title={`Why ${settings.companyName}`}>
        <FeatureGrid
          columns={4}
          items={[
            {
              icon: BadgePercent,
              title: "Transparent pricing",
              text: "Interchange-plus with one markup in writing. Every fee on your statement has a name, and none of them is a surprise.",
            },
            {
              icon: CalendarX,
              title: "No long contracts",
              text: "Month-to-month agreements with no early-termination fee and no equipment lease. You stay because the service is good.",
            },
            {
              icon: Headset,
              title: "Local support",
              text: `Our office is in ${city}. Call and you reach a person who knows your business, not a queue in another time zone.`,
            },
            {
              icon: ShieldCheck,
              title: `${settings.experience} of experience`,
              text: "We have set up restaurants, clinics, shops and online stores through every change in how people pay, from imprinters to phones.",
            },
          ]}
        />
      </Section>

      <Section
        id="industries"
        eyebrow="Industries we serve"
        title="Set up for the way your business gets paid"
        intro="Tips on the check, deposits for appointments, invoices for clients, donations on a schedule: each industry has its own payment habits, and we configure for yours."
        tone="muted"
      >
        <IndustryCards industries={loaderData.industries} compact />
        <Link
          to="/industries"
          className="mt-8 inline-flex items-center gap-1 font-semibold text-brand-700 hover:text-brand-900"
        >
          See how we set up each industry <ArrowRight className="size-4" aria-hidden />
        </Link>
      </Section>

      <section aria-labelledby="calculator-teaser-heading" className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
          <div className="grid items-center gap-8 rounded-3xl bg-gradient-to-br from-brand-800 to-brand-950 p-8 text-slate-200 sm:p-12 lg:grid-cols-3">
            <div className="lg:col-span-2">
              <p className="inline-flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-accent-100">
                <Calculator className="size-4" aria-hidden /> Savings calculator
              </p>
              <h2
                id="calculator-teaser-heading"
                className="mt-3 text-3xl font-bold tracking-tight text-white sm:text-4xl"
              >
                What is your effective rate?
              </h2>
              <p className="mt-4 max-w-2xl text-lg leading-8">
                Enter your monthly card volume, number of transactions and total fees from your last statement. In under
                a minute you will see the rate you really pay and an estimate of what you would save each month and
                year.
              </p>
            </div>
            <div className="lg:text-right">
              <Link
                to="/services/merchant-accounts#savings-calculator"
                className={cn(buttonVariants({ size: "lg" }), "w-full sm:w-auto")}
              >
                Try the savings calculator <ArrowRight className="size-5" aria-hidden />
              </Link>
            </div>
          </div>
        </div>
      </section>

      <Section
        id="personal-service"
        eyebrow="Personal service"
        title="You'll know who handles your account"
        tone="muted"
      >
        <div className="grid gap-8 lg:grid-cols-3">
          <div className="space-y-4 text-lg leading-8 text-slate-700 lg:col-span-2">
            <p>
              {settings.companyName} is deliberately small. {owner.name}, our {settings.ownerTitle.toLowerCase()}, still
              reviews statements himself, and the person who sets up your account is the person you call when something
              needs attention.
            </p>
            <p>
              We work with businesses across the East Valley, from Gilbert and Mesa to Chandler, Queen Creek and
              Scottsdale, and with merchants nationwide who prefer a phone call to a chat bot.
            </p>
          </div>
          <div className="flex flex-col justify-center gap-3">
            <Link to={owner.path} className={buttonVariants({ size: "lg", variant: "secondary" })}>
              Meet {owner.firstName}
            </Link>
            <Link to="/about" className={buttonVariants({ size: "lg", variant: "outline" })}>
              About {settings.companyName}
            </Link>
          </div>
        </div>
      </Section>

      <CtaBand />
    </>
  );
}
