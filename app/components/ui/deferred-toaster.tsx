import { lazy, Suspense, useState } from "react";
import { useToast } from "./use-toast";

const Toaster = lazy(() => import("./toaster").then((m) => ({ default: m.Toaster })));

/**
 * Mounts the Radix toaster once the first toast is raised, so public pages do not ship the
 * toast primitives in their first-load JavaScript (see scripts/bench-pages.mjs). The toast
 * store itself is tiny and always present; `toast()` works from the first render.
 */
export function DeferredToaster() {
  const { toasts } = useToast();
  // Once mounted, the toaster stays (so a closing toast can animate out).
  const [needed, setNeeded] = useState(false);
  if (toasts.length && !needed) setNeeded(true);
  if (!needed && !toasts.length) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
