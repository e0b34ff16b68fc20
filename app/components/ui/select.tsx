import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";
import { controlVariants, type ControlVariantProps } from "./input";
import { useFieldControl } from "./field";

/**
 * The browser's own <select>, styled like the other controls: it works without JavaScript
 * (plain GET filters, the public form), on every phone, and with every screen reader.
 */
export function Select({ className, width, textSize, ...props }: ComponentProps<"select"> & ControlVariantProps) {
  return (
    <select className={cn(controlVariants({ width, textSize }), "h-10 pr-8", className)} {...useFieldControl(props)} />
  );
}
