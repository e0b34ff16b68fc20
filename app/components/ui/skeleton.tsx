import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

/**
 * A grey block standing in for content that is loading. Decorative: the screen also says
 * what is loading in words (a role="status" text), which is what assistive technology reads.
 */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      aria-hidden
      className={cn("animate-pulse rounded-md bg-subtle motion-reduce:animate-none", className)}
      {...props}
    />
  );
}

/** Rows of skeleton lines for a list or table, with the words a screen reader hears. */
export function ListSkeleton({ rows = 4, label }: { rows?: number; label: string }) {
  return (
    <div role="status" className="grid gap-3 py-2">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}
