import { useId, type ReactNode } from "react";
import { cn } from "~/lib/utils";

/**
 * A titled panel of a screen (a form, a list): a <section> named by its heading, with an
 * optional line under the title and actions (a search, a button) beside it.
 */
export function Card({
  title,
  description,
  actions,
  className,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn("rounded-lg border border-border bg-card p-6", className)}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-foreground">
            {title}
          </h2>
          {description ? <div className="mt-1 text-sm text-muted-foreground">{description}</div> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
