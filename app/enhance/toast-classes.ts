import type { ToastVariant } from "./toast-store";

/**
 * The look of a toast, shared by the admin's Radix toaster (app/components/ui/toaster.tsx) and
 * the public pages' renderer (./toaster.ts), so both draw the same thing. The swipe classes read
 * the custom properties Radix sets (`--radix-toast-swipe-move-x`, `--radix-toast-swipe-end-x`),
 * which the public renderer sets under the same names; the animations are app.css's.
 */
export const TOAST_VIEWPORT_CLASS =
  "fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-sm";

const TOAST_CLASS =
  "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg " +
  "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform " +
  "data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out data-[swipe=end]:animate-toast-swipe-out";

const TOAST_VARIANT_CLASS: Record<ToastVariant, string> = {
  default: "border-border bg-card text-foreground",
  destructive: "border-destructive bg-destructive text-destructive-foreground",
};

const CLOSE_CLASS = "absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:opacity-100";

const CLOSE_VARIANT_CLASS: Record<ToastVariant, string> = {
  default: "text-muted-foreground",
  destructive: "text-destructive-foreground",
};

export const toastClass = (variant: ToastVariant = "default") => `${TOAST_CLASS} ${TOAST_VARIANT_CLASS[variant]}`;
export const toastCloseClass = (variant: ToastVariant = "default") => `${CLOSE_CLASS} ${CLOSE_VARIANT_CLASS[variant]}`;
export const TOAST_BODY_CLASS = "grid gap-1";
export const TOAST_TITLE_CLASS = "text-sm font-semibold";
export const TOAST_DESCRIPTION_CLASS = "text-sm opacity-90";
export const TOAST_CLOSE_LABEL = "Dismiss notification";
