import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";
import { controlVariants, type ControlVariantProps } from "./input";
import { useFieldControl } from "./field";

export function Textarea({
  className,
  rows = 4,
  width,
  textSize,
  ...props
}: ComponentProps<"textarea"> & ControlVariantProps) {
  return (
    <textarea
      rows={rows}
      className={cn(controlVariants({ width, textSize }), "min-h-20", className)}
      {...useFieldControl(props)}
    />
  );
}
