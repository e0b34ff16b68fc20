import { ArrowRight, Check } from "lucide-react";
import { Link } from "react-router";
import { services } from "~/content/services";

/** The three offerings as cards linking to their pages. */
export function ServiceCards() {
  return (
    <ul className="grid gap-6 lg:grid-cols-3">
      {services.map(({ slug, path, name, icon: Icon, summary, bestFor, highlights }) => (
        <li
          key={slug}
          className="flex flex-col rounded-2xl border border-slate-200 bg-white p-7 shadow-sm transition-shadow hover:shadow-md"
        >
          <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-800 text-white">
            <Icon className="size-6" aria-hidden />
          </span>
          <h3 className="mt-5 text-xl font-bold text-slate-900">
            <Link to={path} className="hover:text-brand-700">
              {name}
            </Link>
          </h3>
          <p className="mt-3 leading-7 text-slate-600">{summary}</p>
          <p className="mt-4 text-sm text-slate-600">
            <span className="font-semibold text-slate-800">Best for:</span> {bestFor}
          </p>
          <ul className="mt-4 grid gap-2 text-sm text-slate-700">
            {highlights.map((h) => (
              <li key={h} className="flex items-center gap-2">
                <Check className="size-4 text-accent-600" aria-hidden />
                {h}
              </li>
            ))}
          </ul>
          <Link
            to={path}
            className="mt-auto inline-flex items-center gap-1 pt-6 font-semibold text-brand-700 hover:text-brand-900"
          >
            {/* The link's text itself names the destination (search engines read text, not aria-label). */}
            <span>
              Learn more<span className="sr-only"> about {name}</span>
            </span>
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        </li>
      ))}
    </ul>
  );
}
