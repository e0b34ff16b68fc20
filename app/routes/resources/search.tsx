import { Link } from "react-router";
import { getDb } from "@server/db";
import { searchContent } from "@server/search/search";
import { PageHeader } from "~/components/site/page-header";
import { ResourcesNav } from "~/components/resources/resources-nav";
import { SearchBox } from "~/components/resources/search-box";
import { formatDate } from "~/lib/dates";
import { seo } from "~/lib/seo";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/search";

const SUGGESTED_TOPICS = [
  "interchange",
  "chargebacks",
  "PCI compliance",
  "merchant statement",
  "contactless",
  "early termination fee",
  "deposits",
];

export async function loader({ request }: Route.LoaderArgs) {
  // searchContent normalises the query (the page cache keys search pages by that form).
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const result = await searchContent(getDb(), q);
  return result;
}

export const meta: Route.MetaFunction = (args) => {
  const q = args.loaderData?.query ?? "";
  return seo(args, {
    title: q ? `Search results for “${q}”` : "Search Resources",
    description: q
      ? `Meritum articles, guides and FAQ answers matching “${q}”.`
      : "Search Meritum's articles, guides and frequently asked questions about card processing.",
    path: "/resources/search",
    noindex: Boolean(q),
  });
};

const badgeStyles = {
  post: "bg-brand-50 text-brand-800 ring-brand-200",
  guide: "bg-accent-50 text-accent-700 ring-accent-100",
  faq: "bg-amber-50 text-amber-900 ring-amber-200",
} as const;

function Highlighted({ segments }: { segments: Array<{ text: string; mark?: boolean }> }) {
  return (
    <>
      {segments.map((s, i) =>
        s.mark ? (
          <mark key={i} className="rounded-sm bg-amber-100 px-0.5 text-inherit">
            {s.text}
          </mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}

function Topics() {
  return (
    <ul className="mt-4 flex flex-wrap gap-2" aria-label="Suggested searches">
      {SUGGESTED_TOPICS.map((topic) => (
        <li key={topic}>
          <Link
            to={`/resources/search?q=${encodeURIComponent(topic)}`}
            className={
              "inline-flex rounded-full border border-slate-300 px-4 py-1.5 text-sm font-medium text-slate-700 " +
              "hover:border-brand-600 hover:text-brand-700"
            }
          >
            {topic}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, hits, total, suggestion } = loaderData;
  return (
    <>
      <ResourcesNav />
      <PageHeader
        eyebrow="Resources"
        breadcrumbs={[
          { name: "Resources", path: "/resources" },
          { name: "Search", path: "/resources/search" },
        ]}
        title={query ? "Search results" : "Search resources"}
      >
        <p>Search our articles, guides and frequently asked questions.</p>
        <SearchBox defaultValue={query} className="mt-8" id="search-page-q" />
      </PageHeader>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <div className="max-w-4xl">
          {!query ? (
            <section aria-labelledby="start-heading">
              <h2 id="start-heading" className="text-xl font-bold text-slate-900">
                What would you like to know?
              </h2>
              <p className="mt-2 text-slate-600">Type a word or two above, or start with a popular topic:</p>
              <Topics />
              <p className="mt-8 text-slate-600">
                You can also browse the{" "}
                <Link to="/resources/blog" className="font-semibold text-brand-700 underline">
                  blog
                </Link>
                ,{" "}
                <Link to="/resources/guides" className="font-semibold text-brand-700 underline">
                  help guides
                </Link>{" "}
                and{" "}
                <Link to="/resources/faq" className="font-semibold text-brand-700 underline">
                  FAQ
                </Link>
                .
              </p>
            </section>
          ) : hits.length ? (
            <section aria-labelledby="results-heading">
              <h2 id="results-heading" className="text-lg font-semibold text-slate-700" aria-live="polite">
                {`${total} ${total === 1 ? "result" : "results"} for “${query}”`}
              </h2>
              <ol className="mt-6 space-y-5">
                {hits.map((hit) => (
                  <li
                    key={hit.id}
                    className="group relative rounded-xl border border-slate-200 p-5 hover:border-brand-200 hover:bg-brand-50/40"
                  >
                    <p className="flex flex-wrap items-center gap-2 text-sm">
                      <span
                        className={cn(
                          "inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide ring-1 ring-inset",
                          badgeStyles[hit.type],
                        )}
                      >
                        {hit.typeLabel}
                      </span>
                      <span className="text-slate-600">{hit.category}</span>
                      {hit.publishedAt ? (
                        <>
                          <span aria-hidden className="text-slate-400">
                            ·
                          </span>
                          <time dateTime={hit.publishedAt} className="text-slate-600">
                            {formatDate(hit.publishedAt)}
                          </time>
                        </>
                      ) : null}
                    </p>
                    <h3 className="mt-2 text-lg font-bold text-slate-900">
                      <Link
                        to={hit.url}
                        className="after:absolute after:inset-0 after:rounded-xl group-hover:text-brand-700"
                      >
                        <Highlighted segments={hit.title} />
                      </Link>
                    </h3>
                    <p className="mt-2 leading-7 text-slate-700">
                      <Highlighted segments={hit.snippet} />
                    </p>
                  </li>
                ))}
              </ol>
            </section>
          ) : (
            // data-search-miss: the visitor count reports the search as one that found nothing (decision 0044).
            <section aria-labelledby="none-heading" data-search-miss={query}>
              <h2 id="none-heading" className="text-xl font-bold text-slate-900" aria-live="polite">
                {`No results for “${query}”`}
              </h2>
              {suggestion ? (
                <p className="mt-3 text-lg text-slate-700">
                  Did you mean{" "}
                  <Link
                    to={`/resources/search?q=${encodeURIComponent(suggestion)}`}
                    className="font-semibold text-brand-700 underline"
                  >
                    {suggestion}
                  </Link>
                  ?
                </p>
              ) : null}
              <ul className="mt-4 list-disc space-y-1 pl-6 text-slate-600">
                <li>Check the spelling, or try a shorter or more general word.</li>
                <li>Search for a topic rather than a sentence, for example “statement” or “fees”.</li>
              </ul>
              <p className="mt-6 font-semibold text-slate-800">Popular topics</p>
              <Topics />
              <p className="mt-8 text-slate-600">
                Still stuck?{" "}
                <Link to="/contact" className="font-semibold text-brand-700 underline">
                  Ask us
                </Link>{" "}
                and a real person will answer, usually the same business day.
              </p>
            </section>
          )}
        </div>
      </div>
    </>
  );
}
