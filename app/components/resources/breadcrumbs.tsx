import { ChevronRight } from "lucide-react";
import { Link } from "react-router";

export interface Crumb {
  name: string;
  path: string;
}

/** Breadcrumb trail; the last crumb is the current page. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={item.path} className="flex items-center gap-1">
              {last ? (
                <span aria-current="page" className="font-medium text-slate-800">
                  {item.name}
                </span>
              ) : (
                <>
                  <Link to={item.path} className="rounded hover:text-brand-700 hover:underline">
                    {item.name}
                  </Link>
                  <ChevronRight className="size-3.5 text-slate-400" aria-hidden />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
