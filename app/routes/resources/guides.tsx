import { ArrowRight, Clock } from "lucide-react";
import { Link } from "react-router";
import { getDb } from "@server/db";
import { listGuideCategories } from "@server/content/guides";
import { PageHeader } from "~/components/site/page-header";
import { ResourcesNav } from "~/components/resources/resources-nav";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/guides";

export async function loader(_args: Route.LoaderArgs) {
  const categories = await listGuideCategories(getDb());
  return { categories };
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Help Guides",
    description:
      "Step-by-step guides for merchants: setting up terminals, choosing a gateway, reconciling deposits and switching processors without downtime.",
  });

export default function GuidesPage({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  return (
    <>
      <ResourcesNav />
      <PageHeader
        eyebrow="Resources"
        breadcrumbs={[
          { name: "Resources", path: "/resources" },
          { name: "Guides", path: "/resources/guides" },
        ]}
        title="Help guides"
      >
        <p>Step-by-step instructions for the tasks merchants do with their payment setup.</p>
      </PageHeader>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        {categories.length > 1 ? (
          <nav aria-label="Guide categories" className="mb-10">
            <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm font-semibold">
              {categories.map((c) => (
                <li key={c.slug}>
                  <a href={`#${c.slug}`} className="text-brand-700 hover:text-brand-900 hover:underline">
                    {c.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {categories.length ? (
          <div className="space-y-14">
            {categories.map((category) => (
              <section
                key={category.slug}
                id={category.slug}
                aria-labelledby={`${category.slug}-heading`}
                className="scroll-mt-24"
              >
                <h2 id={`${category.slug}-heading`} className="text-2xl font-bold text-slate-900">
                  {category.name}
                </h2>
                <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
                  {category.guides.map((guide) => (
                    <li
                      key={guide.slug}
                      className="group relative flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm hover:shadow-md"
                    >
                      <h3 className="text-lg font-bold leading-snug text-slate-900">
                        <Link
                          to={`/resources/guides/${guide.slug}`}
                          className="after:absolute after:inset-0 after:rounded-xl group-hover:text-brand-700"
                        >
                          {guide.title}
                        </Link>
                      </h3>
                      <p className="mt-3 flex-1 leading-7 text-slate-600">{guide.excerpt}</p>
                      <p className="mt-5 flex items-center justify-between text-sm text-slate-600">
                        <span className="flex items-center gap-1.5">
                          <Clock className="size-4" aria-hidden />
                          {`${guide.readingMinutes} min read`}
                        </span>
                        <ArrowRight className="size-4 text-brand-700" aria-hidden />
                      </p>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        ) : (
          <p className="text-slate-600">
            Guides are being written. Meanwhile, the{" "}
            <Link to="/resources/faq" className="font-semibold text-brand-700 underline">
              FAQ
            </Link>{" "}
            answers the common questions, or{" "}
            <Link to="/contact" className="font-semibold text-brand-700 underline">
              ask us directly
            </Link>
            .
          </p>
        )}
      </div>
    </>
  );
}
