import { afterEach, describe, expect, it, vi } from "vitest";
import {
  getToastState,
  TOAST_DURATION,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  TOAST_SWIPE_THRESHOLD,
  toast,
  toastLiveness,
  toastReducer,
  subscribeToToasts,
  type ToastData,
} from "./toast-store";

const make = (id: string, open = true): ToastData => ({ id, title: `Toast ${id}`, open });

describe("toast constants (spec section 9)", () => {
  it("shows at most one, for 5000 ms, and removes dismissed ones after 1,000,000 ms", () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DURATION).toBe(5000);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
  });

  it("dismisses on a swipe right past 50 px", () => {
    expect(TOAST_SWIPE_THRESHOLD).toBe(50);
  });

  it("announces a default toast politely and a destructive one assertively", () => {
    expect(toastLiveness(undefined)).toBe("polite");
    expect(toastLiveness("default")).toBe("polite");
    expect(toastLiveness("destructive")).toBe("assertive");
  });
});

describe("toastReducer", () => {
  it("a new toast replaces the old one (limit 1)", () => {
    let state = toastReducer({ toasts: [] }, { type: "ADD_TOAST", toast: make("1") });
    state = toastReducer(state, { type: "ADD_TOAST", toast: make("2") });
    expect(state.toasts.map((t) => t.id)).toEqual(["2"]);
  });

  it("updates a toast by id", () => {
    const state = toastReducer({ toasts: [make("1")] }, { type: "UPDATE_TOAST", toast: { id: "1", title: "New" } });
    expect(state.toasts[0]!.title).toBe("New");
  });

  it("dismiss closes without removing; remove deletes", () => {
    let state = toastReducer({ toasts: [make("1")] }, { type: "DISMISS_TOAST", toastId: "1" });
    expect(state.toasts).toEqual([{ ...make("1"), open: false }]);
    state = toastReducer(state, { type: "REMOVE_TOAST", toastId: "1" });
    expect(state.toasts).toEqual([]);
  });

  it("dismiss and remove without an id act on all toasts", () => {
    let state = toastReducer({ toasts: [make("1")] }, { type: "DISMISS_TOAST" });
    expect(state.toasts.every((t) => !t.open)).toBe(true);
    state = toastReducer(state, { type: "REMOVE_TOAST" });
    expect(state.toasts).toEqual([]);
  });
});

describe("toast() store", () => {
  afterEach(() => vi.useRealTimers());

  it("keeps one toast: a second call replaces the first", () => {
    toast({ title: "First" });
    const second = toast({ title: "Second" });
    expect(getToastState().toasts.map((t) => t.id)).toEqual([second.id]);
  });

  it("tells subscribers about every change until they unsubscribe", () => {
    let calls = 0;
    const unsubscribe = subscribeToToasts(() => calls++);
    const t = toast({ title: "Saved" });
    t.update({ title: "Saved again" });
    t.dismiss();
    expect(calls).toBe(3);
    unsubscribe();
    toast({ title: "Unheard" });
    expect(calls).toBe(3);
  });

  it("removes a dismissed toast from state only after 1,000,000 ms", () => {
    vi.useFakeTimers();
    const t = toast({ title: "Saved" });
    t.dismiss();
    expect(getToastState().toasts).toEqual([expect.objectContaining({ id: t.id, open: false })]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(getToastState().toasts.map((x) => x.id)).toEqual([t.id]);
    vi.advanceTimersByTime(1);
    expect(getToastState().toasts).toEqual([]);
  });
});
