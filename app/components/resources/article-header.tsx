import type { ReactNode } from "react";
import { CopyLinkButton } from "~/components/site/copy-link-button";
import { Breadcrumbs } from "~/components/site/breadcrumbs";
import { cn } from "~/lib/utils";

/**
 * The head of an article page, the same for posts and guides: breadcrumbs, category, title,
 * excerpt, the facts line (author, dates, reading time) and the copy-link button. A guide's
 * head is wide (its table of contents sits beside the body), a post's narrow.
 */
export function ArticleHeader({
  section,
  article,
  category,
  wide = false,
  children,
}: {
  section: { name: string; path: string };
  article: { slug: string; title: string; excerpt: string };
  category: ReactNode;
  wide?: boolean;
  /** The facts line. */
  children: ReactNode;
}) {
  const crumbs = [
    { name: "Resources", path: "/resources" },
    section,
    { name: article.title, path: `${section.path}/${article.slug}` },
  ];
  return (
    <header className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
      <div className={cn("mx-auto px-4 pb-12 pt-8 sm:px-6", wide ? "max-w-6xl" : "max-w-3xl sm:pb-16")}>
        <Breadcrumbs items={crumbs} />
        <p className="mt-8 text-sm font-semibold uppercase tracking-wide text-accent-700">{category}</p>
        <h1
          className={cn(
            "mt-3 text-3xl font-extrabold leading-tight tracking-tight text-slate-900 sm:text-5xl sm:leading-tight",
            wide && "max-w-3xl",
          )}
        >
          {article.title}
        </h1>
        <p className={cn("mt-5 text-lg leading-8 text-slate-600", wide ? "max-w-3xl" : "sm:text-xl sm:leading-9")}>
          {article.excerpt}
        </p>
        {children}
        <div className="mt-6">
          <CopyLinkButton />
        </div>
      </div>
    </header>
  );
}
