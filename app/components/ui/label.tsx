import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

/** A plain <label> (no script needed, so public forms stay light). */
export function Label({ className, ...props }: ComponentProps<"label">) {
  // eslint-disable-next-line jsx-a11y/label-has-associated-control -- callers pass htmlFor (Field does)
  return <label className={cn("text-sm font-medium text-foreground", className)} {...props} />;
}
