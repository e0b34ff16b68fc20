import {
  Briefcase,
  Building2,
  Hammer,
  HeartHandshake,
  Scissors,
  ShoppingBag,
  ShoppingCart,
  Stethoscope,
  Utensils,
  Wrench,
  type LucideIcon,
} from "lucide-react";
import { Link } from "react-router";

const icons: Record<string, LucideIcon> = {
  restaurants: Utensils,
  retail: ShoppingBag,
  "professional-services": Briefcase,
  healthcare: Stethoscope,
  "e-commerce": ShoppingCart,
  "auto-repair": Wrench,
  "salons-and-spas": Scissors,
  nonprofits: HeartHandshake,
  "home-services": Hammer,
};

export function industryIcon(slug: string): LucideIcon {
  return icons[slug] ?? Building2;
}

export interface IndustryCardData {
  slug: string;
  name: string;
  summary: string;
}

/** Industries as linked cards; `compact` shows names only (home page). */
export function IndustryCards({ industries, compact = false }: { industries: IndustryCardData[]; compact?: boolean }) {
  return (
    <ul className={compact ? "grid gap-3 sm:grid-cols-2 lg:grid-cols-4" : "grid gap-6 sm:grid-cols-2 lg:grid-cols-3"}>
      {industries.map((industry) => {
        const Icon = industryIcon(industry.slug);
        return (
          <li key={industry.slug}>
            <Link
              to={`/industries/${industry.slug}`}
              className={
                compact
                  ? "flex h-full items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-4 font-semibold " +
                    "text-slate-800 shadow-sm transition hover:border-brand-200 hover:text-brand-700 hover:shadow-md"
                  : "group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition " +
                    "hover:border-brand-200 hover:shadow-md"
              }
            >
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon className="size-5" aria-hidden />
              </span>
              {compact ? (
                industry.name
              ) : (
                <>
                  <span className="mt-4 text-lg font-semibold text-slate-900 group-hover:text-brand-700">
                    {industry.name}
                  </span>
                  <span className="mt-2 leading-7 text-slate-600">{industry.summary}</span>
                </>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
