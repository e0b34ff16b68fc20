import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";
import { useFieldControl } from "./field";

/**
 * The look every text control shares (input, textarea, select). The width and the text size
 * are variants, chosen here rather than overridden by a caller's className (decision 0009).
 */
export const controlVariants = cva(
  "block rounded-md border border-input bg-background px-3 py-2 text-foreground shadow-xs " +
    "placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring " +
    "disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive",
  {
    variants: {
      width: { full: "w-full", auto: "w-auto" },
      textSize: {
        // 16 px on phones (iOS Safari zooms into smaller text on focus), 14 px from sm.
        responsive: "text-base sm:text-sm",
        // 16 px on every screen (the public forms).
        base: "text-base",
        // 14 px on every screen (Markdown source).
        sm: "text-sm",
      },
    },
    defaultVariants: { width: "full", textSize: "responsive" },
  },
);

export type ControlVariantProps = VariantProps<typeof controlVariants>;

export function Input({
  className,
  type = "text",
  width,
  textSize,
  ...props
}: Omit<ComponentProps<"input">, "width"> & ControlVariantProps) {
  return (
    <input
      type={type}
      className={cn(controlVariants({ width, textSize }), "h-10", className)}
      {...useFieldControl(props)}
    />
  );
}

/** A file picker whose button looks like the site's buttons. */
export function FileInput({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  return (
    <input
      type="file"
      className={cn(
        "block w-full text-sm text-soft-foreground file:mr-3 file:rounded-md file:border-0 file:bg-primary file:px-3 file:py-2 " +
          "file:font-semibold file:text-primary-foreground hover:file:bg-primary-hover",
        className,
      )}
      {...useFieldControl(props)}
    />
  );
}
