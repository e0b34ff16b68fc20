import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/** A band of a marketing page with an optional eyebrow, heading and intro; the heading labels the region. */
export function Section({
  id,
  eyebrow,
  title,
  intro,
  tone = "white",
  children,
  className,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  tone?: "white" | "muted" | "tint" | "brand";
  children?: ReactNode;
  className?: string;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(
        "scroll-mt-20",
        tone === "muted" && "bg-slate-50",
        tone === "tint" && "bg-brand-50/70",
        tone === "brand" && "bg-brand-900 text-slate-200",
        className,
      )}
    >
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        <div className="max-w-3xl">
          {eyebrow ? (
            <p
              className={cn(
                "text-sm font-semibold uppercase tracking-wide",
                tone === "brand" ? "text-accent-100" : "text-brand-700",
              )}
            >
              {eyebrow}
            </p>
          ) : null}
          <h2
            id={headingId}
            className={cn(
              "mt-2 text-3xl font-bold tracking-tight sm:text-4xl",
              tone === "brand" ? "text-white" : "text-slate-900",
            )}
          >
            {title}
          </h2>
          {intro ? (
            <div className={cn("mt-4 text-lg leading-8", tone === "brand" ? "text-slate-200" : "text-slate-600")}>
              {intro}
            </div>
          ) : null}
        </div>
        {children ? <div className="mt-10">{children}</div> : null}
      </div>
    </section>
  );
}
