import { lazy, Suspense, useEffect, useState } from "react";
import { useToast } from "./use-toast";

const Toaster = lazy(() => import("./toaster").then((m) => ({ default: m.Toaster })));

/**
 * Mounts the Radix toaster once the first toast is raised, so public pages do not ship the
 * toast primitives in their first-load JavaScript (see scripts/bench-pages.mjs). The toast
 * store itself is tiny and always present; `toast()` works from the first render.
 */
export function DeferredToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (toasts.length) setNeeded(true);
  }, [toasts.length]);
  if (!needed && !toasts.length) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
