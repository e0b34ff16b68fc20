/**
 * The site's one notification store: `toast({ title, description, variant })`. Both halves
 * use it (decision 0037): the admin's React hook (app/components/ui/use-toast.ts) and the
 * public pages' renderer (./toaster.ts), so there is one set of rules.
 * Spec section 9: at most 1 toast at a time (a new one replaces the old), shown for 5000 ms
 * (the renderers' timer), swiped right past 50 px to dismiss, and a dismissed toast is removed
 * from state after 1,000,000 ms.
 */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;

/** The name of the notifications region; F8 focuses it (Radix names its viewport the same way). */
export const NOTIFICATIONS_LABEL = "Notifications (F8)";

/** F8 alone, the key that focuses the notifications region (spec section 9). */
export const isNotificationsKey = (event: KeyboardEvent) =>
  event.key === "F8" && !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;

export type ToastVariant = "default" | "destructive";

/** How a screen reader hears a toast: a success waits its turn, a failure interrupts. */
export const toastLiveness = (variant: ToastVariant | undefined): "polite" | "assertive" =>
  variant === "destructive" ? "assertive" : "polite";

export interface ToastData {
  id: string;
  /** Plain text: every caller passes a sentence, and the public renderer renders text only. */
  title?: string;
  description?: string;
  variant?: ToastVariant;
  open: boolean;
}

export type ToastInput = Omit<ToastData, "id" | "open">;

export type ToastAction =
  | { type: "ADD_TOAST"; toast: ToastData }
  | { type: "UPDATE_TOAST"; toast: Partial<ToastData> & { id: string } }
  | { type: "DISMISS_TOAST"; toastId?: string }
  | { type: "REMOVE_TOAST"; toastId?: string };

export interface ToastState {
  toasts: ToastData[];
}

/** Pure state transitions; timers live outside it. */
export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case "ADD_TOAST":
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case "UPDATE_TOAST":
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case "DISMISS_TOAST":
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      };
    case "REMOVE_TOAST":
      return {
        toasts: action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId),
      };
  }
}

let state: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function dispatch(action: ToastAction) {
  state = toastReducer(state, action);
  if (action.type === "DISMISS_TOAST") {
    for (const t of state.toasts) if (!t.open) scheduleRemoval(t.id);
  }
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      dispatch({ type: "REMOVE_TOAST", toastId: id });
    }, TOAST_REMOVE_DELAY),
  );
}

export function dismissToast(toastId?: string) {
  dispatch({ type: "DISMISS_TOAST", toastId });
}

export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  dispatch({ type: "ADD_TOAST", toast: { ...input, id, open: true } });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (patch: ToastInput) => dispatch({ type: "UPDATE_TOAST", toast: { ...patch, id } }),
  };
}

/** The current store state (for renderers, tests and non-React callers). */
export function getToastState(): ToastState {
  return state;
}

/** Calls `listener` after every change; returns the function that stops it. */
export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
