import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

export interface Feature {
  icon: LucideIcon;
  title: string;
  text: ReactNode;
}

/** Cards of icon, title and a short explanation, two or three to a row. */
export function FeatureGrid({ items, columns = 3 }: { items: Feature[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul
      className={cn("grid gap-6 sm:grid-cols-2", columns === 3 && "lg:grid-cols-3", columns === 4 && "lg:grid-cols-4")}
    >
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <span className="inline-flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <Icon className="size-6" aria-hidden />
          </span>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
          <p className="mt-2 leading-7 text-slate-600">{text}</p>
        </li>
      ))}
    </ul>
  );
}
