import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { getDb } from "@server/db";
import { getPublishedIndustry, listPublishedIndustries } from "@server/industries/industries";
import { renderMarkdown } from "@server/markdown/markdown";
import { responsiveBodyImages } from "@server/media/body-images";
import { notFoundOrRedirect } from "@server/redirects/redirects";
import { CheckList } from "~/components/site/check-list";
import { CtaBand } from "~/components/site/cta-band";
import { industryIcon } from "~/components/site/industry-cards";
import { PageHeader } from "~/components/site/page-header";
import { Section } from "~/components/site/section";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/industry";

export async function loader({ params, request }: Route.LoaderArgs) {
  const db = getDb();
  const industry = await getPublishedIndustry(db, params.slug);
  if (!industry) return notFoundOrRedirect(db, request);
  const others = (await listPublishedIndustries(db))
    .filter((i) => i.slug !== industry.slug)
    .map(({ slug, name }) => ({ slug, name }));
  return {
    industry: {
      slug: industry.slug,
      name: industry.name,
      summary: industry.summary,
      bodyHtml: await responsiveBodyImages(db, renderMarkdown(industry.body).html, "(min-width: 1024px) 800px, 100vw"),
      needs: industry.needs,
      recommendedSetup: industry.recommendedSetup,
    },
    others,
  };
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? seo(args, {
        title: `Payment Processing for ${args.loaderData.industry.name}`,
        description: args.loaderData.industry.summary,
      })
    : [];

export default function IndustryPage({ loaderData }: Route.ComponentProps) {
  const { industry, others } = loaderData;
  const Icon = industryIcon(industry.slug);
  return (
    <>
      <PageHeader
        eyebrow="Industries"
        title={`Payment processing for ${industry.name.toLowerCase()}`}
        breadcrumbs={[
          { name: "Industries", path: "/industries" },
          { name: industry.name, path: `/industries/${industry.slug}` },
        ]}
      >
        <p>{industry.summary}</p>
      </PageHeader>

      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-14 sm:px-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <div
            className="prose-content max-w-none text-lg text-slate-700"
            dangerouslySetInnerHTML={{ __html: industry.bodyHtml }}
          />
        </div>
        <aside
          aria-labelledby="industry-aside-heading"
          className="self-start rounded-2xl border border-slate-200 bg-slate-50 p-6"
        >
          <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-800 text-white">
            {/* eslint-disable-next-line react-hooks/static-components -- industryIcon returns a module-level icon, not a new component */}
            <Icon className="size-6" aria-hidden />
          </span>
          <h2 id="industry-aside-heading" className="mt-4 text-lg font-semibold text-slate-900">
            Free analysis for {industry.name.toLowerCase()}
          </h2>
          <p className="mt-2 leading-7 text-slate-600">
            Send us a recent statement and we will show you, line by line, what a setup like the one below would cost
            you.
          </p>
          <Link
            to="/contact"
            className="mt-4 inline-flex items-center gap-1 font-semibold text-brand-700 hover:text-brand-900"
          >
            Get Free Analysis <ArrowRight className="size-4" aria-hidden />
          </Link>
        </aside>
      </div>

      <Section id="needs" title={`What matters for ${industry.name.toLowerCase()}`} tone="muted">
        <div className="grid gap-10 lg:grid-cols-2">
          <div>
            <CheckList items={industry.needs} />
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h3 className="text-lg font-semibold text-slate-900">Our recommended setup</h3>
            <ol className="mt-4 grid list-decimal gap-3 pl-5 leading-7 text-slate-700 marker:font-semibold marker:text-brand-700">
              {industry.recommendedSetup.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ol>
          </div>
        </div>
      </Section>

      {others.length ? (
        <Section id="other-industries" title="Other industries we serve">
          <ul className="flex flex-wrap gap-3">
            {others.map((other) => (
              <li key={other.slug}>
                <Link
                  to={`/industries/${other.slug}`}
                  className={
                    "inline-flex rounded-full border border-slate-200 px-4 py-2 text-sm font-medium text-slate-700 " +
                    "hover:border-brand-200 hover:text-brand-700"
                  }
                >
                  {other.name}
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <CtaBand title="Get a setup and a price built for your business" />
    </>
  );
}
