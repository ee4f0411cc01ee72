import type { MouseEvent } from "react";
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

/** Asks before the family is handed over: the new owner manages it, and the owner becomes a caregiver. */
export function HandoverDialog({
  name,
  familyName,
  open,
  pending,
  onOpenChange,
  onConfirm,
}: {
  name: string;
  familyName: string;
  open: boolean;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  const confirm = (event: MouseEvent) => {
    event.preventDefault();
    onConfirm();
  };
  return (
    <AlertDialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Make {name} the owner?</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="flex flex-col gap-2">
              <p>
                {name} will manage {familyName}: invite and remove people, change what each person can do,
                rename the family, set its time zone, and delete it.
              </p>
              <p>
                You become a caregiver: you keep seeing and recording everything, but you can no longer manage
                the family. Only {name} can hand it back to you.
              </p>
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction disabled={pending} onClick={confirm}>
            {pending ? "Handing over..." : `Make ${name} the owner`}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
