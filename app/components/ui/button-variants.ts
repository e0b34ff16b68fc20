import { cva, type VariantProps } from "class-variance-authority";

/**
 * The button styles: public components put them on a plain `<button>`/`<Link>`, the admin's
 * `<Button>` renders them. Callers add layout classes; a different look is a variant.
 */
export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-semibold transition-colors duration-200 " +
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-60",
  {
    variants: {
      variant: {
        primary: "bg-cta text-cta-foreground hover:bg-cta-hover",
        secondary: "bg-primary text-primary-foreground hover:bg-primary-hover",
        outline: "border border-input bg-background text-foreground hover:bg-muted",
        // Outline on a dark (brand) band.
        outlineOnDark:
          "border border-primary-foreground/40 bg-transparent text-primary-foreground hover:bg-primary-foreground/10",
        ghost: "text-soft-foreground hover:bg-subtle",
        destructive: "bg-destructive text-destructive-foreground hover:bg-destructive-hover",
        link: "text-link underline underline-offset-2 hover:text-link-hover",
      },
      size: {
        sm: "h-9 px-3 text-sm",
        md: "h-10 px-4 text-sm",
        lg: "h-12 px-6 text-base",
        icon: "size-10",
      },
    },
    compoundVariants: [{ variant: "link", className: "h-auto px-0" }],
    defaultVariants: { variant: "primary", size: "md" },
  },
);

export type ButtonVariantProps = VariantProps<typeof buttonVariants>;
