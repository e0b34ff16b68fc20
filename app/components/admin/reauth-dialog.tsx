import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ApiRequestError } from "~/lib/api-error";
import { setReauthAsker } from "~/lib/reauth";

/**
 * "Confirm it's you": the password dialog the request layer opens when a sensitive admin
 * action answers `reauth_required` (decision 0019). Confirming posts the password to
 * /api/admin/security/reauthenticate, and the action that asked is sent again; Cancel (or
 * Escape) leaves it undone and its screen shows the reason. Mounted once, in the admin layout.
 * Its POST is one of the two admin requests outside `apiRequest` (see app/lib/queryClient.ts):
 * `apiRequest` is waiting on this dialog.
 */
export function ReauthDialog() {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const resolver = useRef<((confirmed: boolean) => void) | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(
    () =>
      setReauthAsker(
        () =>
          new Promise<boolean>((resolve) => {
            resolver.current = resolve;
            setError(undefined);
            setOpen(true);
          }),
      ),
    [],
  );

  const finish = (confirmed: boolean) => {
    resolver.current?.(confirmed);
    resolver.current = null;
    setOpen(false);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    if (!password) {
      setError("Enter your password.");
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const res = await fetch("/api/admin/security/reauthenticate", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ password }),
        credentials: "include",
      });
      if (res.ok) return finish(true);
      const failure = new ApiRequestError(res.status, res.statusText, await res.text());
      setError(failure.fields?.password ?? failure.userMessage);
      inputRef.current?.select();
    } catch {
      setError("The server could not be reached. Please try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : finish(false))}>
      <DialogContent
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          inputRef.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Confirm it&apos;s you</DialogTitle>
          <DialogDescription>
            For your security, enter your password to continue. You will not be asked again for a few minutes.
          </DialogDescription>
        </DialogHeader>
        <form method="post" noValidate onSubmit={onSubmit} className="mt-4 grid gap-4">
          <Field label="Password" id="reauth-password" required error={error}>
            <Input ref={inputRef} name="password" type="password" autoComplete="current-password" />
          </Field>
          <DialogFooter className="mt-2">
            <Button type="button" variant="outline" onClick={() => finish(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Checking..." : "Confirm"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
