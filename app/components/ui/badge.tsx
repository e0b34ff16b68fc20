import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

export const badgeVariants = cva(
  "inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-semibold",
  {
    variants: {
      variant: {
        neutral: "border-border bg-subtle text-soft-foreground",
        info: "border-info-border bg-info-muted text-info",
        success: "border-success-border bg-success-muted text-success",
        warning: "border-warning-border bg-warning-muted text-warning",
        destructive: "border-destructive-border bg-destructive-muted text-destructive-text",
        outline: "border-input bg-background text-foreground",
      },
    },
    defaultVariants: { variant: "neutral" },
  },
);

/** A short status label ("Draft", "Invited", "This device"). */
export function Badge({ className, variant, ...props }: ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
