import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

const labelVariants = cva("text-sm", {
  variants: {
    variant: {
      default: "font-medium text-foreground",
      // After its control (a single checkbox): reads as the option's text.
      beside: "font-normal text-body-foreground",
    },
  },
  defaultVariants: { variant: "default" },
});

/** A plain <label> (no script needed, so public forms stay light). */
export function Label({ className, variant, ...props }: ComponentProps<"label"> & VariantProps<typeof labelVariants>) {
  // eslint-disable-next-line jsx-a11y/label-has-associated-control -- callers pass htmlFor (Field does)
  return <label className={cn(labelVariants({ variant }), className)} {...props} />;
}
