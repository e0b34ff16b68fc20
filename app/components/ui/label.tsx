import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

/** A plain <label> (no script needed, so public forms stay light). */
export function Label({ className, ...props }: ComponentProps<"label">) {
  return <label className={cn("text-sm font-medium text-foreground", className)} {...props} />;
}
