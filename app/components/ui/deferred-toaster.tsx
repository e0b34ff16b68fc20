import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { isNotificationsKey, NOTIFICATIONS_LABEL } from "~/enhance/toast-store";
import { useToast } from "./use-toast";

const Toaster = lazy(() => import("./toaster").then((m) => ({ default: m.Toaster })));

/**
 * Until the first toast, an empty notifications region that F8 focuses (spec section 9), the
 * same landmark the Radix viewport renders later. It costs a few hundred bytes, where the
 * Radix toaster would add its primitives to every page's first-load JavaScript.
 */
function IdleRegion() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isNotificationsKey(event)) return;
      event.preventDefault();
      ref.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
  return (
    <div
      ref={ref}
      role="region"
      aria-label={NOTIFICATIONS_LABEL}
      tabIndex={-1}
      className="pointer-events-none fixed bottom-0 right-0 z-[100] p-4 outline-none"
    />
  );
}

/**
 * The staff screens' toaster: mounts the Radix toaster once the first toast is raised, so a
 * screen does not ship the toast primitives before it needs them. (Public pages render
 * NotificationRegion instead, which app/enhance/toaster.ts fills: decision 0037.) The toast
 * store itself is tiny and always present; `toast()` works from the first render, and F8
 * focuses the (idle) region from the first second.
 */
export function DeferredToaster() {
  const { toasts } = useToast();
  // Once mounted, the toaster stays (so a closing toast can animate out).
  const [needed, setNeeded] = useState(false);
  if (toasts.length && !needed) setNeeded(true);
  if (!needed && !toasts.length) return <IdleRegion />;
  return (
    <Suspense fallback={<IdleRegion />}>
      <Toaster />
    </Suspense>
  );
}
