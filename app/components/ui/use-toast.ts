import { useSyncExternalStore } from "react";
import { dismissToast, getToastState, subscribeToToasts, toast, type ToastState } from "~/enhance/toast-store";

/**
 * The app's one notification API: `toast({ title, description, variant })`. The store and its
 * rules (spec section 9) live in app/enhance/toast-store.ts, shared with the public pages'
 * renderer (decision 0037); this adds the React hook the admin's Toaster renders from.
 */
export {
  dismissToast,
  getToastState,
  NOTIFICATIONS_LABEL,
  toast,
  TOAST_DURATION,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  TOAST_SWIPE_THRESHOLD,
  toastLiveness,
  toastReducer,
  type ToastAction,
  type ToastData,
  type ToastInput,
  type ToastState,
  type ToastVariant,
} from "~/enhance/toast-store";

const serverSnapshot: ToastState = { toasts: [] };

export function useToast() {
  const current = useSyncExternalStore(subscribeToToasts, getToastState, () => serverSnapshot);
  return { toasts: current.toasts, toast, dismiss: dismissToast };
}
