import { Link } from "react-router";
import type { ReactNode } from "react";
import { buttonVariants } from "~/components/ui/button-variants";
import { services, type ServiceSummary } from "~/content/services";
import { telHref, useRootData } from "~/lib/site";
import { serviceLd } from "~/lib/structured-data";
import { CheckList } from "./check-list";
import { CtaBand } from "./cta-band";
import { FaqAccordion, type FaqItem } from "./faq-accordion";
import { FeatureGrid, type Feature } from "./feature-grid";
import { JsonLd } from "./json-ld";
import { PageHeader } from "./page-header";
import { PricingExplainer } from "./pricing-explainer";
import { Section } from "./section";

export interface ServicePageContent {
  slug: ServiceSummary["slug"];
  title: string;
  serviceType: string;
  intro: string;
  whatItIs: ReactNode;
  whoItFits: string[];
  features: Feature[];
  pricingNote: ReactNode;
  faqs: FaqItem[];
}

/** The template of the three service pages: what it is, who it fits, features, pricing, FAQs, call to action. */
export function ServicePage({ content, children }: { content: ServicePageContent; children?: ReactNode }) {
  const { settings, siteUrl } = useRootData();
  const summary = services.find((s) => s.slug === content.slug)!;
  const others = services.filter((s) => s.slug !== content.slug);
  return (
    <>
      <JsonLd
        data={serviceLd(
          { name: summary.name, description: summary.summary, path: summary.path, serviceType: content.serviceType },
          settings,
          siteUrl,
        )}
      />
      <PageHeader
        eyebrow="Services"
        title={content.title}
        breadcrumbs={[
          { name: "Services", path: "/services" },
          { name: summary.name, path: summary.path },
        ]}
        actions={
          <>
            <Link to="/contact" className={buttonVariants({ size: "lg" })}>
              Get Free Analysis
            </Link>
            <a href={telHref(settings.phone)} className={buttonVariants({ size: "lg", variant: "outline" })}>
              Call {settings.phone}
            </a>
          </>
        }
      >
        <p>{content.intro}</p>
      </PageHeader>

      <Section id="what-it-is" eyebrow="What it is" title={`${summary.name}, explained`}>
        <div className="grid gap-10 lg:grid-cols-2">
          <div className="space-y-4 text-lg leading-8 text-slate-700">{content.whatItIs}</div>
          <div className="rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:p-8">
            <h3 className="text-lg font-semibold text-slate-900">Who it fits</h3>
            <div className="mt-4">
              <CheckList items={content.whoItFits} />
            </div>
          </div>
        </div>
      </Section>

      <Section id="features" eyebrow="Features" title="What you get" tone="muted">
        <FeatureGrid items={content.features} />
      </Section>

      <Section
        id="pricing"
        eyebrow="Pricing"
        title="How pricing works"
        intro="Interchange-plus, explained without the jargon."
      >
        <PricingExplainer note={content.pricingNote} />
      </Section>

      {children}

      <Section id="faq" eyebrow="Questions" title={`${summary.name}: frequently asked questions`} tone="muted">
        <div className="max-w-3xl">
          <FaqAccordion items={content.faqs} />
        </div>
      </Section>

      <Section id="related" title="Related services">
        <ul className="grid gap-4 sm:grid-cols-2">
          {others.map((s) => (
            <li key={s.slug}>
              <Link
                to={s.path}
                className="flex h-full items-start gap-4 rounded-xl border border-slate-200 p-5 shadow-sm transition hover:border-brand-200 hover:shadow-md"
              >
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <s.icon className="size-5" aria-hidden />
                </span>
                <span>
                  <span className="block font-semibold text-slate-900">{s.name}</span>
                  <span className="mt-1 block text-sm leading-6 text-slate-600">{s.bestFor}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <CtaBand />
    </>
  );
}
