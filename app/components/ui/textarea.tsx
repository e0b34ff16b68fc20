import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";
import { controlClass } from "./input";
import { useFieldControl } from "./field";

export function Textarea({ className, rows = 4, ...props }: ComponentProps<"textarea">) {
  return <textarea rows={rows} className={cn(controlClass, "min-h-20", className)} {...useFieldControl(props)} />;
}
