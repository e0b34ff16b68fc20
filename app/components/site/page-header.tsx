import type { ReactNode } from "react";
import type { Crumb } from "~/lib/structured-data";
import { Breadcrumbs } from "./breadcrumbs";

/** The heading band at the top of an inner page; nested pages pass their breadcrumb trail. */
export function PageHeader({
  eyebrow,
  title,
  breadcrumbs,
  actions,
  children,
}: {
  eyebrow?: string;
  title: string;
  breadcrumbs?: Crumb[];
  /** Buttons under the intro (e.g. the page's call to action). */
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        {breadcrumbs ? <Breadcrumbs items={breadcrumbs} /> : null}
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p> : null}
        <h1 className="mt-2 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
        {children ? <div className="mt-5 max-w-2xl text-lg leading-8 text-slate-600">{children}</div> : null}
        {actions ? <div className="mt-8 flex flex-wrap gap-3">{actions}</div> : null}
      </div>
    </div>
  );
}
