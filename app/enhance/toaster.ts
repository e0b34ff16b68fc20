import { dataAttr, dataSelector } from "./data-attributes";
import {
  TOAST_BODY_CLASS,
  TOAST_CLOSE_LABEL,
  TOAST_DESCRIPTION_CLASS,
  TOAST_TITLE_CLASS,
  toastClass,
  toastCloseClass,
} from "./toast-classes";
import {
  dismissToast,
  getToastState,
  isNotificationsKey,
  subscribeToToasts,
  TOAST_DURATION,
  TOAST_SWIPE_THRESHOLD,
  toastLiveness,
  type ToastData,
} from "./toast-store";

/** What a screen reader hears before the toast's text (Radix's announcer says the same). */
const ANNOUNCE_PREFIX = "Notification";
/** The announcer leaves once heard, so the text is not in the page twice (as Radix does). */
const ANNOUNCE_FOR_MS = 1000;
/** A closing toast leaves when its animation ends; this long at most (a background tab runs none). */
const CLOSE_AT_MOST_MS = 1000;
/** How far a pointer moves before it counts as a swipe, not a click (Radix's values). */
const swipeStartBuffer = (event: PointerEvent) => (event.pointerType === "touch" ? 10 : 2);

interface Shown {
  toast: ToastData;
  el: HTMLLIElement;
  closing: boolean;
  /** The 5000 ms timer: running (timer set) or paused with `remaining` left. */
  timer?: ReturnType<typeof setTimeout>;
  startedAt: number;
  remaining: number;
}

/** The toast's text and close button, built from the store's plain text (never HTML). */
function fill(el: HTMLLIElement, toast: ToastData, closeIcon: HTMLTemplateElement | null) {
  const variant = toast.variant ?? "default";
  el.className = toastClass(variant);
  el.dataset.variant = variant;
  const body = document.createElement("div");
  body.className = TOAST_BODY_CLASS;
  for (const [text, className] of [
    [toast.title, TOAST_TITLE_CLASS],
    [toast.description, TOAST_DESCRIPTION_CLASS],
  ] as const) {
    if (!text) continue;
    const line = document.createElement("div");
    line.className = className;
    line.textContent = text;
    body.append(line);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.setAttribute("aria-label", TOAST_CLOSE_LABEL);
  close.className = toastCloseClass(variant);
  close.dataset.toastClose = "";
  if (closeIcon) close.append(closeIcon.content.cloneNode(true));
  el.replaceChildren(body, close);
}

/**
 * Says a new toast out loud: a visually hidden live region (role status; polite for a default
 * toast, assertive for a destructive one) that gets its text a frame after it is in the page,
 * so screen readers announce it, and leaves a second later, as Radix's announcer does.
 */
function announce(region: HTMLElement, toast: ToastData) {
  const announcer = document.createElement("div");
  announcer.setAttribute("role", "status");
  announcer.setAttribute("aria-live", toastLiveness(toast.variant));
  announcer.className = "sr-only";
  announcer.dataset.toastAnnouncer = "";
  region.append(announcer);
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      announcer.textContent = [ANNOUNCE_PREFIX, toast.title, toast.description].filter(Boolean).join(", ");
      setTimeout(() => announcer.remove(), ANNOUNCE_FOR_MS);
    }),
  );
}

/**
 * Renders the toast store (app/enhance/toast-store.ts) into the public page's notifications
 * region (NotificationRegion), as the admin's Radix toaster does (spec section 9): one toast at a
 * time, shown for 5000 ms, the timer paused while the pointer is over the region, focus is in it,
 * or the window is in the background; a close button, Escape, or a swipe right past 50 px
 * dismisses it; F8 focuses the region, also before any toast.
 */
export function enhanceToaster(): void {
  const region = document.querySelector<HTMLElement>(dataSelector(dataAttr.toaster));
  const list = region?.querySelector("ol");
  if (!region || !list) return;
  const closeIcon = region.querySelector<HTMLTemplateElement>(`template${dataSelector(dataAttr.toastCloseIcon)}`);
  const shown = new Map<string, Shown>();
  /** Toasts that closed and left the screen, kept in the store for a while (TOAST_REMOVE_DELAY). */
  const gone = new Set<string>();
  let paused = false;

  const startTimer = (s: Shown) => {
    if (paused || s.closing) return;
    clearTimeout(s.timer);
    s.startedAt = Date.now();
    s.timer = setTimeout(() => dismissToast(s.toast.id), s.remaining);
  };
  const stopTimer = (s: Shown) => {
    if (s.timer === undefined) return;
    clearTimeout(s.timer);
    s.timer = undefined;
    s.remaining -= Date.now() - s.startedAt;
  };
  const pause = () => {
    if (paused) return;
    paused = true;
    for (const s of shown.values()) stopTimer(s);
  };
  const resume = () => {
    if (!paused) return;
    paused = false;
    for (const s of shown.values()) startTimer(s);
  };

  /** Takes a toast off the screen at once; focus inside it stays in the region. */
  const takeAway = (s: Shown) => {
    clearTimeout(s.timer);
    if (s.el.contains(document.activeElement)) list.focus();
    s.el.remove();
    shown.delete(s.toast.id);
  };

  /** Closes a toast with its animation (fade, or slide away after a swipe), then takes it away. */
  const close = (s: Shown) => {
    s.closing = true;
    clearTimeout(s.timer);
    if (s.el.contains(document.activeElement)) list.focus();
    s.el.dataset.state = "closed";
    const finish = () => {
      if (shown.get(s.toast.id) !== s) return;
      takeAway(s);
      gone.add(s.toast.id);
    };
    const animation = getComputedStyle(s.el).animationName;
    if (animation === "none" || document.visibilityState === "hidden") return finish();
    s.el.addEventListener("animationend", (event) => {
      if (event.target === s.el && event.animationName === getComputedStyle(s.el).animationName) finish();
    });
    setTimeout(finish, CLOSE_AT_MOST_MS);
  };

  const swipeable = (el: HTMLLIElement, id: string) => {
    let start: { x: number; y: number } | null = null;
    let delta: number | null = null;
    const clearSwipe = () => {
      el.style.removeProperty("--radix-toast-swipe-move-x");
      el.style.removeProperty("--radix-toast-swipe-end-x");
    };
    el.addEventListener("pointerdown", (event) => {
      if (event.button === 0) start = { x: event.clientX, y: event.clientY };
    });
    el.addEventListener("pointermove", (event) => {
      if (!start) return;
      const x = event.clientX - start.x;
      const y = event.clientY - start.y;
      const right = Math.max(0, x);
      if (delta !== null) {
        delta = right;
        el.dataset.swipe = "move";
        el.style.setProperty("--radix-toast-swipe-move-x", `${right}px`);
      } else if (right > swipeStartBuffer(event)) {
        delta = right;
        el.dataset.swipe = "start";
        el.setPointerCapture(event.pointerId);
      } else if (Math.abs(x) > swipeStartBuffer(event) || Math.abs(y) > swipeStartBuffer(event)) {
        start = null; // a move the other way: not a swipe
      }
    });
    const release = (event: PointerEvent) => {
      if (el.hasPointerCapture(event.pointerId)) el.releasePointerCapture(event.pointerId);
      const swiped = delta;
      start = null;
      delta = null;
      if (swiped === null) return;
      clearSwipe();
      if (event.type === "pointerup" && swiped > TOAST_SWIPE_THRESHOLD) {
        el.dataset.swipe = "end";
        el.style.setProperty("--radix-toast-swipe-end-x", `${swiped}px`);
        dismissToast(id);
      } else {
        el.dataset.swipe = "cancel"; // snaps back (a transition on transform)
      }
      // The click that ends a swipe is not a click on the close button.
      const swallow = (click: Event) => {
        click.preventDefault();
        click.stopPropagation();
      };
      el.addEventListener("click", swallow, { capture: true, once: true });
      setTimeout(() => el.removeEventListener("click", swallow, { capture: true }));
    };
    el.addEventListener("pointerup", release);
    el.addEventListener("pointercancel", release);
  };

  const show = (toast: ToastData) => {
    const el = document.createElement("li");
    el.tabIndex = 0;
    el.dataset.state = "open";
    el.dataset.swipeDirection = "right";
    el.style.userSelect = "none";
    el.style.touchAction = "none";
    fill(el, toast, closeIcon);
    const s: Shown = { toast, el, closing: false, startedAt: 0, remaining: TOAST_DURATION };
    el.addEventListener("click", (event) => {
      if ((event.target as Element).closest("[data-toast-close]")) dismissToast(s.toast.id);
    });
    el.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      dismissToast(s.toast.id);
    });
    swipeable(el, toast.id);
    list.append(el);
    shown.set(toast.id, s);
    announce(region, toast);
    startTimer(s);
  };

  const render = () => {
    const { toasts } = getToastState();
    const inStore = new Set(toasts.map((t) => t.id));
    // Replaced by a newer toast (spec: at most one): gone at once, as in the admin.
    for (const s of [...shown.values()]) if (!inStore.has(s.toast.id)) takeAway(s);
    for (const id of gone) if (!inStore.has(id)) gone.delete(id);
    for (const toast of toasts) {
      if (gone.has(toast.id)) continue;
      const s = shown.get(toast.id);
      if (!s) {
        if (toast.open) show(toast);
        continue;
      }
      if (
        toast.title !== s.toast.title ||
        toast.description !== s.toast.description ||
        toast.variant !== s.toast.variant
      ) {
        fill(s.el, toast, closeIcon);
      }
      s.toast = toast;
      if (!toast.open && !s.closing) close(s);
    }
  };

  subscribeToToasts(render);
  render();

  region.addEventListener("focusin", pause);
  region.addEventListener("focusout", (event) => {
    if (!region.contains(event.relatedTarget as Node | null)) resume();
  });
  region.addEventListener("pointermove", pause);
  region.addEventListener("pointerleave", () => {
    if (!region.contains(document.activeElement)) resume();
  });
  window.addEventListener("blur", pause);
  window.addEventListener("focus", resume);

  document.addEventListener("keydown", (event) => {
    if (!isNotificationsKey(event)) return;
    event.preventDefault();
    list.focus();
  });
  // Escape elsewhere closes the toast too (Radix's dismissable layer), unless something on the
  // page used it (an open menu closing calls preventDefault).
  window.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    for (const s of shown.values()) if (!s.closing) dismissToast(s.toast.id);
  });
}
