import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

const alertVariants = cva("rounded-md border px-3 py-2 text-sm", {
  variants: {
    variant: {
      error: "border-destructive-border bg-destructive-muted text-destructive-text",
      success: "border-success-border bg-success-muted text-success",
      info: "border-info-border bg-info-muted text-info",
      warning: "border-warning-border bg-warning-muted text-warning",
    },
  },
  defaultVariants: { variant: "info" },
});

/**
 * A message in the page about a whole form or screen. Errors are announced at once
 * (role="alert"); confirmations and notes politely (role="status").
 */
export function Alert({ className, variant, ...props }: ComponentProps<"div"> & VariantProps<typeof alertVariants>) {
  return (
    <div
      role={variant === "error" ? "alert" : "status"}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    />
  );
}
