import { Link } from "react-router";
import { getDb } from "@server/db";
import { listFaqCategories } from "@server/content/faq";
import { markdownToText } from "@server/markdown/markdown";
import { responsiveBodyImages } from "@server/media/body-images";
import { Accordion } from "~/components/site/accordion";
import { PageHeader } from "~/components/site/page-header";
import { JsonLd } from "~/components/site/json-ld";
import { ResourcesNav } from "~/components/resources/resources-nav";
import { SearchBox } from "~/components/resources/search-box";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/faq";

export async function loader(_args: Route.LoaderArgs) {
  const db = getDb();
  const categories = await listFaqCategories(db);
  return {
    categories: await Promise.all(
      categories.map(async (c) => ({
        name: c.name,
        slug: c.slug,
        items: await Promise.all(
          c.items.map(async (item) => ({
            slug: item.slug,
            question: item.question,
            html: await responsiveBodyImages(db, item.html, "(min-width: 1024px) 720px, 100vw"),
            text: markdownToText(item.answer),
          })),
        ),
      })),
    ),
  };
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Frequently Asked Questions",
    description:
      "Answers to common questions about merchant accounts, pricing, contracts, funding times, equipment and security.",
  });

export default function FaqPage({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  return (
    <>
      <JsonLd
        data={{
          "@type": "FAQPage",
          mainEntity: categories.flatMap((c) =>
            c.items.map((item) => ({
              "@type": "Question",
              name: item.question,
              acceptedAnswer: { "@type": "Answer", text: item.text },
            })),
          ),
        }}
      />
      <ResourcesNav />
      <PageHeader
        eyebrow="Resources"
        breadcrumbs={[
          { name: "Resources", path: "/resources" },
          { name: "FAQ", path: "/resources/faq" },
        ]}
        title="Frequently asked questions"
      >
        <p>Quick answers about pricing, contracts, funding, equipment and security.</p>
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-14">
        <nav aria-label="FAQ categories" className="lg:sticky lg:top-24 lg:self-start">
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm font-semibold lg:flex-col">
            {categories.map((c) => (
              <li key={c.slug}>
                <a href={`#category-${c.slug}`} className="text-brand-700 hover:text-brand-900 hover:underline">
                  {c.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="max-w-3xl space-y-12">
          {categories.map((category) => (
            <section
              key={category.slug}
              id={`category-${category.slug}`}
              aria-labelledby={`category-${category.slug}-heading`}
              className="scroll-mt-24"
            >
              <h2 id={`category-${category.slug}-heading`} className="text-2xl font-bold text-slate-900">
                {category.name}
              </h2>
              {/* Each question's id is its slug: /resources/faq#slug opens it (app/enhance/accordion.ts). */}
              <Accordion
                multiple
                itemIds
                className="mt-5 divide-y divide-slate-200 rounded-xl border border-slate-200"
                itemClassName="scroll-mt-24"
                triggerClassName="focus-visible:outline-offset-[-2px]"
                items={category.items.map((item) => ({
                  value: item.slug,
                  question: item.question,
                  answer: (
                    <>
                      <div className="prose-content prose-compact" dangerouslySetInnerHTML={{ __html: item.html }} />
                      <a
                        href={`#${item.slug}`}
                        className="mt-3 inline-block text-sm text-slate-600 underline-offset-2 hover:text-brand-700 hover:underline"
                      >
                        Link to this answer<span className="sr-only">: {item.question}</span>
                      </a>
                    </>
                  ),
                }))}
              />
            </section>
          ))}
          <section aria-labelledby="faq-more" className="rounded-xl bg-slate-50 p-6">
            <h2 id="faq-more" className="text-xl font-bold text-slate-900">
              Didn't find your answer?
            </h2>
            <p className="mt-2 text-slate-600">
              Search every article and guide, or{" "}
              <Link to="/contact" className="font-semibold text-brand-700 underline">
                ask us directly
              </Link>
              .
            </p>
            <SearchBox className="mt-4" id="faq-search" />
          </section>
        </div>
      </div>
    </>
  );
}
