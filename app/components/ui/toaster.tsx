import { X } from "lucide-react";
import { Toast as ToastPrimitive } from "radix-ui";
import { cva } from "class-variance-authority";
import { cx } from "~/lib/cx";
import { dismissToast, TOAST_DURATION, useToast } from "./use-toast";

const toastVariants = cva(
  "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg " +
    "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform " +
    "data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out data-[swipe=end]:animate-toast-swipe-out",
  {
    variants: {
      variant: {
        default: "border-border bg-card text-foreground",
        destructive: "border-destructive bg-destructive text-destructive-foreground",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

/**
 * Renders the toast store (spec section 9): 5000 ms display, swipe right past 50 px to
 * dismiss, F8 focuses the region (Radix's default hotkey).
 */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          className={toastVariants({ variant: t.variant })}
          data-variant={t.variant ?? "default"}
        >
          <div className="grid gap-1">
            {t.title ? <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title> : null}
            {t.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Dismiss notification"
            className={cx(
              "absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:opacity-100",
              t.variant === "destructive" ? "text-destructive-foreground" : "text-muted-foreground",
            )}
          >
            <X className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        label="Notifications ({hotkey})"
        className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-sm"
      />
    </ToastPrimitive.Provider>
  );
}
