import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/lib/utils";

/**
 * Previous / "Page n of m" / next, as links (so a page of a list has its own URL and works
 * without JavaScript). Nothing is shown for a single page.
 */
export function Pagination({
  page,
  pages,
  hrefFor,
  label,
  previousLabel = "Previous",
  nextLabel = "Next",
  className,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  /** Names the navigation landmark, e.g. "Audit log pages". */
  label: string;
  previousLabel?: string;
  nextLabel?: string;
  className?: string;
}) {
  if (pages <= 1) return null;
  const link =
    "inline-flex h-9 items-center gap-1 rounded-md border border-input bg-background px-3 text-sm font-medium text-foreground hover:bg-muted";
  return (
    <nav aria-label={label} className={cn("flex flex-wrap items-center gap-3", className)}>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={link} preventScrollReset>
          <ChevronLeft className="size-4" aria-hidden />
          {previousLabel}
        </Link>
      ) : null}
      <span className="text-sm text-muted-foreground">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} className={link} preventScrollReset>
          {nextLabel}
          <ChevronRight className="size-4" aria-hidden />
        </Link>
      ) : null}
    </nav>
  );
}
