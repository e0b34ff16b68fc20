import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { useRootData } from "~/lib/site";
import { breadcrumbLd, type Crumb } from "~/lib/structured-data";
import { JsonLd } from "./json-ld";

/** The trail above a nested page's heading, and the same trail as a BreadcrumbList for search engines. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { siteUrl } = useRootData();
  const crumbs = [{ name: "Home", path: "/" }, ...items];
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-4">
        <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
          {crumbs.map((crumb, index) => {
            const last = index === crumbs.length - 1;
            return (
              <li key={crumb.path} className="flex items-center gap-1">
                {index > 0 ? <ChevronRight className="size-4 text-slate-400" aria-hidden /> : null}
                {last ? (
                  <span aria-current="page" className="font-medium text-slate-800">
                    {crumb.name}
                  </span>
                ) : (
                  <Link to={crumb.path} className="hover:text-brand-700 hover:underline">
                    {crumb.name}
                  </Link>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      <JsonLd data={breadcrumbLd(crumbs, siteUrl)} />
    </>
  );
}
