import { useEffect, useRef } from "react";
import { toast } from "~/components/ui/use-toast";

/** What a staff action answers: a message to confirm, or an error to show. */
export type ActionResult = { ok: true; message: string } | { ok: false; error: string };

/** Toasts each new action result once: confirmation or a destructive "Not done". */
export function useResultToast(result: ActionResult | undefined) {
  const last = useRef<ActionResult | undefined>(undefined);
  useEffect(() => {
    if (!result || result === last.current) return;
    last.current = result;
    if (result.ok) toast({ title: result.message });
    else toast({ title: "Not done", description: result.error, variant: "destructive" });
  }, [result]);
}
