import { useSyncExternalStore } from "react";
import { dismissToast, getToastState, subscribeToToasts, toast, type ToastState } from "~/enhance/toast-store";

const serverSnapshot: ToastState = { toasts: [] };

/**
 * The React side of the app's one notification store (app/enhance/toast-store.ts, shared with
 * the public pages' renderer, decision 0037): the hook the admin's Toaster renders from.
 * `toast()` and the rules (spec section 9) are imported from the store itself.
 */
export function useToast() {
  const current = useSyncExternalStore(subscribeToToasts, getToastState, () => serverSnapshot);
  return { toasts: current.toasts, toast, dismiss: dismissToast };
}
