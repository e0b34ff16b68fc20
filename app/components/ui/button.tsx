import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";
import { buttonVariants, type ButtonVariantProps } from "./button-variants";

export { buttonVariants };

export interface ButtonProps extends ComponentProps<"button">, ButtonVariantProps {
  asChild?: boolean;
}

export function Button({ className, variant, size, asChild, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  return <Comp className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
