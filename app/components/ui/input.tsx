import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";
import { useFieldControl } from "./field";

/** The look every text control shares (input, textarea, select). */
export const controlClass =
  "block w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground shadow-xs sm:text-sm " +
  "placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring " +
  "disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return <input type={type} className={cn(controlClass, "h-10", className)} {...useFieldControl(props)} />;
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
