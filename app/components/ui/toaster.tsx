import { X } from "lucide-react";
import { Toast as ToastPrimitive } from "radix-ui";
import {
  TOAST_BODY_CLASS,
  TOAST_CLOSE_LABEL,
  TOAST_DESCRIPTION_CLASS,
  TOAST_TITLE_CLASS,
  TOAST_VIEWPORT_CLASS,
  toastClass,
  toastCloseClass,
} from "~/enhance/toast-classes";
import { dismissToast, TOAST_DURATION, TOAST_SWIPE_THRESHOLD, toastLiveness } from "~/enhance/toast-store";
import { useToast } from "./use-toast";

/**
 * Renders the toast store in the staff screens (spec section 9): 5000 ms display, swipe right
 * past 50 px to dismiss, F8 focuses the region (Radix's default hotkey). Public pages render the
 * same store, with the same classes, through app/enhance/toaster.ts (decision 0037).
 */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          // Radix announces a "foreground" toast assertively, a "background" one politely.
          type={toastLiveness(t.variant) === "assertive" ? "foreground" : "background"}
          className={toastClass(t.variant)}
          data-variant={t.variant ?? "default"}
        >
          <div className={TOAST_BODY_CLASS}>
            {t.title ? <ToastPrimitive.Title className={TOAST_TITLE_CLASS}>{t.title}</ToastPrimitive.Title> : null}
            {t.description ? (
              <ToastPrimitive.Description className={TOAST_DESCRIPTION_CLASS}>
                {t.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close aria-label={TOAST_CLOSE_LABEL} className={toastCloseClass(t.variant)}>
            <X className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport label="Notifications ({hotkey})" className={TOAST_VIEWPORT_CLASS} />
    </ToastPrimitive.Provider>
  );
}
