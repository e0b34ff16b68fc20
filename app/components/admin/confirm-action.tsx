import { AlertDialog } from "radix-ui";
import { useState, type ReactNode } from "react";
import { Button, type ButtonProps } from "~/components/ui/button";

interface ConfirmActionProps {
  /** The button that opens the dialog. */
  trigger: ReactNode;
  triggerVariant?: ButtonProps["variant"];
  triggerLabel?: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  onConfirm: () => void;
}

/** Every staff action asks first: a Radix AlertDialog with Cancel and the action. */
export function ConfirmAction({
  trigger,
  triggerVariant = "outline",
  triggerLabel,
  title,
  description,
  confirmLabel,
  destructive,
  onConfirm,
}: ConfirmActionProps) {
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <Button type="button" variant={triggerVariant} size="sm" aria-label={triggerLabel}>
          {trigger}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">{description}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button type="button" variant={destructive ? "destructive" : "secondary"} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
