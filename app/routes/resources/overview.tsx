import { ArrowRight, BookOpen, CircleHelp, FileText } from "lucide-react";
import { Link } from "react-router";
import { getDb } from "@server/db";
import { withCovers } from "@server/media/images";
import { listFaqCategories } from "@server/content/faq";
import { listGuideCategories } from "@server/content/guides";
import { listLatestPosts } from "@server/content/posts";
import { PageHeader } from "~/components/site/page-header";
import { PostCard } from "~/components/resources/post-card";
import { ResourcesNav } from "~/components/resources/resources-nav";
import { SearchBox } from "~/components/resources/search-box";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/overview";

const POPULAR_FAQ = 5;

export async function loader(_args: Route.LoaderArgs) {
  const db = getDb();
  const [posts, guideCategories, faqCategories] = await Promise.all([
    listLatestPosts(db, 3).then((latest) => withCovers(db, latest)),
    listGuideCategories(db),
    listFaqCategories(db),
  ]);
  // "Popular" questions: the first of each category (staff order them most-asked first), then the next ones.
  const byRank = faqCategories.flatMap((c) =>
    c.items.map((item, rank) => ({ rank, slug: item.slug, question: item.question })),
  );
  const popular = byRank.sort((a, b) => a.rank - b.rank).slice(0, POPULAR_FAQ);
  return {
    posts,
    guideCategories: guideCategories.map((c) => ({
      name: c.name,
      slug: c.slug,
      guides: c.guides.map((g) => ({ slug: g.slug, title: g.title })),
    })),
    popular,
  };
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Resources for Merchants",
    description:
      "Articles, step-by-step guides and answers to common questions about merchant accounts, card fees, PCI compliance and getting paid.",
  });

export default function ResourcesOverview({ loaderData }: Route.ComponentProps) {
  const { posts, guideCategories, popular } = loaderData;
  return (
    <>
      <ResourcesNav />
      <PageHeader eyebrow="Resources" title="Resources for smarter payment processing">
        <p>Plain-English articles, step-by-step guides and answers to the questions merchants ask us most.</p>
        <SearchBox className="mt-8" />
      </PageHeader>

      <div className="mx-auto max-w-7xl space-y-20 px-4 py-16 sm:px-6">
        <section aria-labelledby="latest-heading">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <h2 id="latest-heading" className="flex items-center gap-2 text-2xl font-bold text-slate-900 sm:text-3xl">
                <FileText className="size-7 text-brand-700" aria-hidden />
                Latest articles
              </h2>
              <p className="mt-2 text-slate-600">Pricing, statements, security and new ways to get paid.</p>
            </div>
            <Link
              to="/resources/blog"
              className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:text-brand-900 hover:underline"
            >
              All articles <ArrowRight className="size-4" aria-hidden />
            </Link>
          </div>
          {posts.length ? (
            <div className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {posts.map((post) => (
                <PostCard key={post.slug} post={post} headingLevel="h3" />
              ))}
            </div>
          ) : (
            <p className="mt-8 text-slate-600">
              New articles are on their way. In the meantime, the guides and FAQ below answer the common questions.
            </p>
          )}
        </section>

        <div className="grid gap-12 lg:grid-cols-2">
          <section aria-labelledby="guides-heading">
            <h2 id="guides-heading" className="flex items-center gap-2 text-2xl font-bold text-slate-900 sm:text-3xl">
              <BookOpen className="size-7 text-brand-700" aria-hidden />
              Help guides
            </h2>
            <p className="mt-2 text-slate-600">
              Step-by-step instructions for setting up, running and reviewing your payments.
            </p>
            <div className="mt-6 space-y-6">
              {guideCategories.map((category) => (
                <div key={category.slug} className="rounded-xl border border-slate-200 p-5">
                  <h3 className="font-semibold text-slate-900">
                    <Link to={`/resources/guides#${category.slug}`} className="hover:text-brand-700 hover:underline">
                      {category.name}
                    </Link>
                  </h3>
                  <ul className="mt-3 space-y-2">
                    {category.guides.map((guide) => (
                      <li key={guide.slug}>
                        <Link
                          to={`/resources/guides/${guide.slug}`}
                          className="text-brand-700 underline-offset-2 hover:text-brand-900 hover:underline"
                        >
                          {guide.title}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          </section>

          <section aria-labelledby="faq-heading">
            <h2 id="faq-heading" className="flex items-center gap-2 text-2xl font-bold text-slate-900 sm:text-3xl">
              <CircleHelp className="size-7 text-brand-700" aria-hidden />
              Popular questions
            </h2>
            <p className="mt-2 text-slate-600">Quick answers about pricing, contracts, deposits and security.</p>
            <ul className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200">
              {popular.map((item) => (
                <li key={item.slug}>
                  <Link
                    to={`/resources/faq#${item.slug}`}
                    className="flex items-center justify-between gap-4 px-5 py-4 font-medium text-slate-800 hover:bg-slate-50 hover:text-brand-700"
                  >
                    {item.question}
                    <ArrowRight className="size-4 shrink-0 text-slate-400" aria-hidden />
                  </Link>
                </li>
              ))}
            </ul>
            <Link
              to="/resources/faq"
              className="mt-4 inline-flex items-center gap-1 font-semibold text-brand-700 hover:text-brand-900 hover:underline"
            >
              All questions <ArrowRight className="size-4" aria-hidden />
            </Link>
          </section>
        </div>
      </div>
    </>
  );
}
