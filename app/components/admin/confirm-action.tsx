import { useState, type ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
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
  disabled?: boolean;
  onConfirm: () => void;
}

/** Every staff action asks first: a button that opens an alert dialog with Cancel and the action. */
export function ConfirmAction({
  trigger,
  triggerVariant = "outline",
  triggerLabel,
  title,
  description,
  confirmLabel,
  destructive,
  disabled,
  onConfirm,
}: ConfirmActionProps) {
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button type="button" variant={triggerVariant} size="sm" aria-label={triggerLabel} disabled={disabled}>
          {trigger}
        </Button>
      </AlertDialogTrigger>
      <ConfirmDialogContent
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        destructive={destructive}
        onConfirm={onConfirm}
      />
    </AlertDialog>
  );
}

/** The dialog alone, for a question asked by code (e.g. after a form's own checks pass). */
export function ConfirmDialog({
  open,
  onOpenChange,
  ...content
}: Omit<ConfirmActionProps, "trigger" | "triggerVariant" | "triggerLabel" | "disabled"> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A second way out besides Cancel and the action (e.g. "Reload their version"). */
  extraAction?: { label: string; onClick: () => void };
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <ConfirmDialogContent {...content} />
    </AlertDialog>
  );
}

function ConfirmDialogContent({
  title,
  description,
  confirmLabel,
  destructive,
  onConfirm,
  extraAction,
}: Pick<ConfirmActionProps, "title" | "description" | "confirmLabel" | "destructive" | "onConfirm"> & {
  extraAction?: { label: string; onClick: () => void };
}) {
  return (
    <AlertDialogContent>
      <AlertDialogTitle>{title}</AlertDialogTitle>
      <AlertDialogDescription>{description}</AlertDialogDescription>
      <AlertDialogFooter>
        <AlertDialogCancel />
        {extraAction ? <AlertDialogAction onClick={extraAction.onClick}>{extraAction.label}</AlertDialogAction> : null}
        <AlertDialogAction destructive={destructive} onClick={onConfirm}>
          {confirmLabel}
        </AlertDialogAction>
      </AlertDialogFooter>
    </AlertDialogContent>
  );
}
