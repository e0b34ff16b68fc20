import { data, Link } from "react-router";
import { blogPageQuerySchema } from "@common/content";
import { getDb } from "@server/db";
import { getBlogPage } from "@server/content/posts";
import { withCovers } from "@server/media/images";
import { PageHeader } from "~/components/site/page-header";
import { PostCard } from "~/components/resources/post-card";
import { RSS_LINK } from "~/components/resources/rss";
import { ResourcesNav } from "~/components/resources/resources-nav";
import { SearchBox } from "~/components/resources/search-box";
import { seo } from "~/lib/seo";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/blog";

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const parsed = blogPageQuerySchema.safeParse({
    page: params.get("page") ?? undefined,
    category: params.get("category") || undefined,
  });
  if (!parsed.success) throw data(null, { status: 404 });
  const page = await getBlogPage(getDb(), { page: parsed.data.page ?? 1, categorySlug: parsed.data.category });
  if (!page) throw data(null, { status: 404 });
  return { ...page, posts: await withCovers(getDb(), page.posts) };
}

export const meta: Route.MetaFunction = (args) => {
  const d = args.loaderData;
  const category = d?.category && d.categories.some((c) => c.slug === d.category!.slug) ? d.category.name : null;
  const pagePart = d && d.page > 1 ? ` (page ${d.page})` : "";
  const query = new URLSearchParams();
  if (d?.category) query.set("category", d.category.slug);
  if (d && d.page > 1) query.set("page", String(d.page));
  const qs = query.toString();
  return [
    ...seo(args, {
      title: category ? `${category} articles${pagePart}` : `Payment processing blog${pagePart}`,
      description: category
        ? `Meritum articles on ${category.toLowerCase()} for small merchants: practical, plain-English advice from a Gilbert, Arizona payment processor.`
        : "Articles on card processing fees, pricing models, chargebacks, PCI compliance and new ways to get paid, written by the Meritum team.",
      path: `/resources/blog${qs ? `?${qs}` : ""}`,
      noindex: Boolean(d?.category && !category),
    }),
    RSS_LINK,
  ];
};

function pageHref(page: number, category: string | undefined) {
  const query = new URLSearchParams();
  if (category) query.set("category", category);
  if (page > 1) query.set("page", String(page));
  const qs = query.toString();
  return `/resources/blog${qs ? `?${qs}` : ""}`;
}

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { posts, page, pageCount, categories, category, total } = loaderData;
  const activeSlug = category?.slug;
  const chip =
    "inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium transition-colors duration-200";
  return (
    <>
      <ResourcesNav />
      <PageHeader
        eyebrow="Resources"
        breadcrumbs={[
          { name: "Resources", path: "/resources" },
          { name: "Blog", path: "/resources/blog" },
        ]}
        title={category && categories.some((c) => c.slug === category.slug) ? category.name : "The Meritum blog"}
      >
        <p>Practical articles on processing fees, pricing, security and new ways to take payments.</p>
      </PageHeader>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <div className="flex flex-col gap-6 lg:flex-row lg:items-center lg:justify-between">
          <nav aria-label="Blog categories">
            <ul className="flex flex-wrap gap-2">
              <li>
                <Link
                  to="/resources/blog"
                  aria-current={!activeSlug ? "page" : undefined}
                  className={cn(
                    chip,
                    !activeSlug
                      ? "border-brand-800 bg-brand-800 text-white"
                      : "border-slate-300 text-slate-700 hover:bg-slate-50",
                  )}
                >
                  All
                </Link>
              </li>
              {categories.map((c) => (
                <li key={c.slug}>
                  <Link
                    to={pageHref(1, c.slug)}
                    aria-current={activeSlug === c.slug ? "page" : undefined}
                    className={cn(
                      chip,
                      activeSlug === c.slug
                        ? "border-brand-800 bg-brand-800 text-white"
                        : "border-slate-300 text-slate-700 hover:bg-slate-50",
                    )}
                  >
                    {c.name}
                    <span className="sr-only">
                      , {c.count} {c.count === 1 ? "article" : "articles"}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <a
            href="/resources/blog/rss.xml"
            className="text-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline"
          >
            RSS feed
          </a>
        </div>

        {posts.length ? (
          <>
            <h2 className="sr-only">
              {total} {total === 1 ? "article" : "articles"}
              {pageCount > 1 ? `, page ${page} of ${pageCount}` : ""}
            </h2>
            <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {posts.map((post, index) => (
                <PostCard key={post.slug} post={post} headingLevel="h3" priority={index === 0} />
              ))}
            </div>
          </>
        ) : (
          <div className="mt-10 rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center">
            <h2 className="text-xl font-bold text-slate-900">No articles here yet</h2>
            <p className="mx-auto mt-3 max-w-lg text-slate-600">
              {category
                ? "There are no published articles in this category right now. "
                : "We have not published any articles yet. "}
              Try searching, or browse the guides and FAQ.
            </p>
            <div className="mt-6 flex justify-center">
              <SearchBox id="blog-empty-search" />
            </div>
            <p className="mt-6 flex flex-wrap justify-center gap-4 text-sm font-semibold">
              {category ? (
                <Link to="/resources/blog" className="text-brand-700 hover:underline">
                  All articles
                </Link>
              ) : null}
              <Link to="/resources/guides" className="text-brand-700 hover:underline">
                Help guides
              </Link>
              <Link to="/resources/faq" className="text-brand-700 hover:underline">
                FAQ
              </Link>
            </p>
          </div>
        )}

        {pageCount > 1 ? (
          <nav
            aria-label="Pagination"
            className="mt-12 flex items-center justify-between gap-4 border-t border-slate-200 pt-6"
          >
            {page > 1 ? (
              <Link
                to={pageHref(page - 1, activeSlug)}
                rel="prev"
                className="font-semibold text-brand-700 hover:underline"
              >
                ← Newer articles
              </Link>
            ) : (
              <span />
            )}
            <p className="text-sm text-slate-600">{`Page ${page} of ${pageCount}`}</p>
            {page < pageCount ? (
              <Link
                to={pageHref(page + 1, activeSlug)}
                rel="next"
                className="font-semibold text-brand-700 hover:underline"
              >
                Older articles →
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </div>
    </>
  );
}
