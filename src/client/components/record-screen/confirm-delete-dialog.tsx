import { type MouseEvent, type ReactNode, useState } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/client/components/ui/alert-dialog";

export interface ConfirmDeleteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Shown in quotes in the default question. */
  itemName?: string;
  title?: string;
  /** Replaces the default 'Are you sure you want to delete "name"? This action cannot be undone.' */
  description?: ReactNode;
  confirmLabel?: string;
  pendingLabel?: string;
  /** Runs the deletion; the dialog closes when it resolves and stays open when it rejects. */
  onConfirm: () => Promise<unknown>;
}

/** Asks before deleting; the caller's mutation shows the success or failure toast. */
export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  itemName,
  title = "Delete record",
  description,
  confirmLabel = "Delete",
  pendingLabel = "Deleting...",
  onConfirm,
}: ConfirmDeleteDialogProps) {
  const [pending, setPending] = useState(false);

  async function confirm(event: MouseEvent) {
    event.preventDefault();
    setPending(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // The mutation already told the person what went wrong; keep the dialog for another try.
    } finally {
      setPending(false);
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>
            {description ?? (
              <>
                Are you sure you want to delete{itemName ? ` "${itemName}"` : " this record"}? This action
                cannot be undone.
              </>
            )}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction destructive disabled={pending} onClick={confirm}>
            {pending ? pendingLabel : confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
