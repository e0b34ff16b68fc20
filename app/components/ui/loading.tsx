import { Loader2 } from "lucide-react";

/** A whole screen waiting (e.g. the admin area checking the session). */
export function FullScreenLoading({ message = "Loading..." }: { message?: string }) {
  return (
    <div role="status" aria-live="polite" className="fixed inset-0 z-50 grid place-items-center bg-background/90">
      <div className="flex flex-col items-center gap-3 text-soft-foreground">
        <Loader2 className="size-8 animate-spin text-indicator motion-reduce:animate-none" aria-hidden />
        <p className="text-sm font-medium">{message}</p>
      </div>
    </div>
  );
}

/** Shown in place of a page while its code or data loads after a client navigation. */
export function PageLoading() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="mx-auto flex min-h-[50vh] max-w-6xl items-center justify-center px-4"
    >
      <p className="flex items-center gap-2 text-muted-foreground">
        <Loader2 className="size-5 animate-spin motion-reduce:animate-none" aria-hidden />
        Loading page...
      </p>
    </div>
  );
}
