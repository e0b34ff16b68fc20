import { ArrowLeft, ArrowRight, CalendarDays, Clock, UserRound } from "lucide-react";
import { Link } from "react-router";
import { shareImagePath, type ImageInfo } from "@common/media";
import type { PostSummary } from "@server/content/posts";
import { ArticleHeader } from "~/components/resources/article-header";
import { AnalysisCta } from "~/components/resources/cta";
import { PostCard } from "~/components/resources/post-card";
import { JsonLd } from "~/components/site/json-ld";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { formatDate } from "~/lib/dates";
import { useRootData } from "~/lib/site";

type WithCover = PostSummary & { cover?: ImageInfo | null };

export interface BlogPostViewProps {
  article: WithCover;
  html: string;
  related: WithCover[];
  previous: PostSummary | null;
  next: PostSummary | null;
}

/** A blog post as the public sees it (through ArticleView: the public route and the staff preview). */
export function BlogPostView({ article: post, html, related, previous, next }: BlogPostViewProps) {
  const { siteUrl, settings } = useRootData();
  const url = `${siteUrl}/resources/blog/${post.slug}`;
  const modified = post.updatedAt > (post.publishedAt ?? "") ? post.updatedAt : post.publishedAt;
  return (
    <>
      <JsonLd
        data={{
          "@type": "BlogPosting",
          headline: post.title,
          description: post.seoDescription ?? post.excerpt,
          datePublished: post.publishedAt,
          dateModified: modified,
          url,
          mainEntityOfPage: { "@type": "WebPage", "@id": url },
          articleSection: post.category,
          keywords: post.tags.join(", "),
          timeRequired: `PT${post.readingMinutes}M`,
          ...(post.cover
            ? { image: `${siteUrl}${shareImagePath(post.cover)}` }
            : post.coverImageUrl
              ? { image: post.coverImageUrl.startsWith("/") ? `${siteUrl}${post.coverImageUrl}` : post.coverImageUrl }
              : {}),
          author:
            post.authorUserId || !/team$/i.test(post.authorName)
              ? { "@type": "Person", name: post.authorName }
              : { "@type": "Organization", name: settings.companyName },
          publisher: {
            "@type": "Organization",
            name: settings.companyName,
            url: siteUrl,
            logo: { "@type": "ImageObject", url: `${siteUrl}/favicon.svg` },
          },
        }}
      />
      <article>
        <ArticleHeader
          section={{ name: "Blog", path: "/resources/blog" }}
          article={post}
          category={
            <Link to={`/resources/blog?category=${post.categorySlug}`} className="hover:underline">
              {post.category}
            </Link>
          }
        >
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600" aria-label="About this article">
            <li className="flex items-center gap-1.5">
              <UserRound className="size-4 text-slate-500" aria-hidden />
              <span>
                <span className="sr-only">Author: </span>
                {post.authorName}
              </span>
            </li>
            <li className="flex items-center gap-1.5">
              <CalendarDays className="size-4 text-slate-500" aria-hidden />
              <span className="sr-only">Published </span>
              <time dateTime={post.publishedAt ?? undefined}>{formatDate(post.publishedAt)}</time>
            </li>
            <li className="flex items-center gap-1.5">
              <Clock className="size-4 text-slate-500" aria-hidden />
              {`${post.readingMinutes} min read`}
            </li>
          </ul>
        </ArticleHeader>
        {post.cover ? (
          <div className="mx-auto max-w-4xl px-4 pt-10 sm:px-6">
            <ResponsiveImage
              image={post.cover}
              alt={post.coverImageAlt ?? post.cover.alt}
              priority
              sizes="(min-width: 896px) 848px, 100vw"
              className="h-auto w-full rounded-2xl object-cover"
            />
          </div>
        ) : post.coverImageUrl ? (
          <div className="mx-auto max-w-4xl px-4 pt-10 sm:px-6">
            <img src={post.coverImageUrl} alt={post.coverImageAlt ?? ""} className="w-full rounded-2xl object-cover" />
          </div>
        ) : null}
        <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
          <div className="prose-content" dangerouslySetInnerHTML={{ __html: html }} />
          {post.tags.length ? (
            <ul className="mt-10 flex flex-wrap gap-2" aria-label="Tags">
              {post.tags.map((tag) => (
                <li key={tag}>
                  <Link
                    to={`/resources/search?q=${encodeURIComponent(tag)}`}
                    className="inline-flex rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-700 hover:bg-slate-200"
                  >
                    {tag}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </article>

      <div className="mx-auto max-w-3xl space-y-12 px-4 pb-16 sm:px-6">
        <AnalysisCta />
        {previous || next ? (
          <nav aria-label="More articles" className="grid gap-4 sm:grid-cols-2">
            {previous ? (
              <Link
                to={`/resources/blog/${previous.slug}`}
                rel="prev"
                className="group rounded-xl border border-slate-200 p-5 hover:border-brand-200 hover:bg-brand-50"
              >
                <span className="flex items-center gap-1 text-sm font-semibold text-slate-600">
                  <ArrowLeft className="size-4" aria-hidden /> Previous article
                </span>
                <span className="mt-2 block font-semibold text-slate-900 group-hover:text-brand-700">
                  {previous.title}
                </span>
              </Link>
            ) : (
              <span className="hidden sm:block" />
            )}
            {next ? (
              <Link
                to={`/resources/blog/${next.slug}`}
                rel="next"
                className="group rounded-xl border border-slate-200 p-5 text-right hover:border-brand-200 hover:bg-brand-50"
              >
                <span className="flex items-center justify-end gap-1 text-sm font-semibold text-slate-600">
                  Next article <ArrowRight className="size-4" aria-hidden />
                </span>
                <span className="mt-2 block font-semibold text-slate-900 group-hover:text-brand-700">{next.title}</span>
              </Link>
            ) : null}
          </nav>
        ) : null}
      </div>

      {related.length ? (
        <section aria-labelledby="related-heading" className="border-t border-slate-200 bg-slate-50">
          <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
            <h2 id="related-heading" className="text-2xl font-bold text-slate-900">
              Related articles
            </h2>
            <div className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {related.map((p) => (
                <PostCard key={p.slug} post={p} headingLevel="h3" />
              ))}
            </div>
          </div>
        </section>
      ) : null}
    </>
  );
}
