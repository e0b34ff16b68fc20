import type { ReactNode } from "react";
import { PageHeader } from "./page-header";

/** A legal document: heading band with breadcrumbs, a "last updated" date, a table of contents and readable text. */
export function LegalPage({
  title,
  path,
  updated,
  intro,
  sections,
}: {
  title: string;
  path: string;
  updated: string;
  intro: ReactNode;
  sections: Array<{ id: string; title: string; body: ReactNode }>;
}) {
  const updatedText = new Date(`${updated}T12:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  return (
    <>
      <PageHeader eyebrow="Legal" title={title} breadcrumbs={[{ name: title, path }]}>
        <p>
          Last updated <time dateTime={updated}>{updatedText}</time>
        </p>
      </PageHeader>
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-14 sm:px-6 lg:grid-cols-4">
        <nav aria-label="On this page" className="self-start lg:sticky lg:top-24">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">On this page</h2>
          <ol className="mt-3 grid gap-2 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-slate-700 hover:text-brand-700 hover:underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="prose-content max-w-3xl text-slate-700 lg:col-span-3">
          <div className="text-lg">{intro}</div>
          {sections.map((section) => (
            <section key={section.id} aria-labelledby={section.id}>
              <h2 id={section.id} className="scroll-mt-24">
                {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
