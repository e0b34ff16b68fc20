import { CalendarDays, Clock } from "lucide-react";
import { Link } from "react-router";
import type { GuideStep, GuideSummary } from "@server/content/guides";
import type { Heading } from "@server/markdown/markdown";
import { ArticleHeader } from "~/components/resources/article-header";
import { AnalysisCta } from "~/components/resources/cta";
import { JsonLd } from "~/components/site/json-ld";
import { formatDate } from "~/lib/dates";
import { useRootData } from "~/lib/site";

export interface GuideViewProps {
  article: GuideSummary;
  html: string;
  headings: Heading[];
  steps: GuideStep[];
  siblings: GuideSummary[];
}

function TableOfContents({
  headings,
  id,
}: {
  headings: Array<{ depth: number; text: string; id: string }>;
  id: string;
}) {
  const items = headings.filter((h) => h.depth <= 3);
  if (items.length < 2) return null;
  return (
    <nav aria-labelledby={id} className="rounded-xl border border-slate-200 bg-slate-50 p-5">
      <h2 id={id} className="text-sm font-semibold uppercase tracking-wide text-slate-700">
        On this page
      </h2>
      <ol className="mt-3 space-y-2 text-sm">
        {items.map((h) => (
          <li key={h.id} className={h.depth === 3 ? "pl-4" : undefined}>
            <a href={`#${h.id}`} className="text-brand-700 hover:text-brand-900 hover:underline">
              {h.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A help guide as the public sees it (through ArticleView: the public route and the staff preview). */
export function GuideView({ article: guide, html, headings, steps, siblings }: GuideViewProps) {
  const { siteUrl, settings } = useRootData();
  const url = `${siteUrl}/resources/guides/${guide.slug}`;
  const publisher = { "@type": "Organization", name: settings.companyName, url: siteUrl };
  const modified = guide.updatedAt > (guide.publishedAt ?? "") ? guide.updatedAt : guide.publishedAt;
  // Guides written as numbered steps are HowTo; the others are Articles.
  const structured =
    steps.length >= 2
      ? {
          "@type": "HowTo",
          name: guide.title,
          description: guide.seoDescription ?? guide.excerpt,
          url,
          datePublished: guide.publishedAt,
          dateModified: modified,
          totalTime: `PT${guide.readingMinutes}M`,
          publisher,
          step: steps.map((s, i) => ({ "@type": "HowToStep", position: i + 1, name: s.name, url: `${url}#${s.id}` })),
        }
      : {
          "@type": "Article",
          headline: guide.title,
          description: guide.seoDescription ?? guide.excerpt,
          url,
          mainEntityOfPage: { "@type": "WebPage", "@id": url },
          datePublished: guide.publishedAt,
          dateModified: modified,
          author: { "@type": "Organization", name: settings.companyName },
          publisher,
        };
  return (
    <>
      <JsonLd data={structured} />
      <article>
        <ArticleHeader
          section={{ name: "Guides", path: "/resources/guides" }}
          article={guide}
          category={guide.category}
          wide
        >
          <p className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600">
            <span className="flex items-center gap-1.5">
              <Clock className="size-4" aria-hidden />
              {`${guide.readingMinutes} min read`}
            </span>
            <span className="flex items-center gap-1.5">
              <CalendarDays className="size-4" aria-hidden />
              <span>
                Updated <time dateTime={modified ?? undefined}>{formatDate(modified)}</time>
              </span>
            </span>
          </p>
        </ArticleHeader>
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-14 lg:py-14">
          <aside className="lg:sticky lg:top-24 lg:self-start">
            <TableOfContents headings={headings} id="toc-heading" />
          </aside>
          <div className="max-w-3xl">
            <div className="prose-content" dangerouslySetInnerHTML={{ __html: html }} />
            <div className="mt-14">
              <AnalysisCta heading="Need a hand with this?" />
            </div>
          </div>
        </div>
      </article>
      {siblings.length ? (
        <section aria-labelledby="more-guides" className="border-t border-slate-200 bg-slate-50">
          <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
            <h2 id="more-guides" className="text-xl font-bold text-slate-900">
              More guides in {guide.category}
            </h2>
            <ul className="mt-4 space-y-2">
              {siblings.map((s) => (
                <li key={s.slug}>
                  <Link
                    to={`/resources/guides/${s.slug}`}
                    className="font-medium text-brand-700 hover:text-brand-900 hover:underline"
                  >
                    {s.title}
                  </Link>
                </li>
              ))}
            </ul>
            <Link
              to="/resources/guides"
              className="mt-6 inline-block text-sm font-semibold text-slate-700 hover:underline"
            >
              All help guides
            </Link>
          </div>
        </section>
      ) : null}
    </>
  );
}
