import type { ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "./alert-dialog";
import { Button } from "./button";

/**
 * A question the app asks before something unusual or risky (a second dose inside the interval,
 * 99,999 mL, a second bag tonight). The safe answer is the primary button and has the focus, so
 * Enter, Escape or a hurried tap never takes the risk; the risky answer is a plain button that
 * says exactly what it does ("Record a second dose", "Save 99,999 mL"), never "OK" or "anyway".
 */
export interface SafeChoice {
  title: string;
  description: ReactNode;
  /** The safe answer: "Don't give it", "Change it". Escape answers it too. */
  safeLabel: string;
  /** The risky answer, saying what it does: "Record a second dose". */
  riskyLabel: string;
  /** Another way out, as plain as the risky one ("Edit that one"). */
  otherLabel?: string;
}

export type SafeChoiceAnswer = "safe" | "risky" | "other";

/** Shows `choice` (nothing when null); `onAnswer` gets what the person chose. */
export function SafeChoiceDialog({
  choice,
  onAnswer,
  busy = false,
}: {
  choice: SafeChoice | null;
  onAnswer: (answer: SafeChoiceAnswer) => void;
  /** While the risky answer is being sent: the buttons wait. */
  busy?: boolean;
}) {
  return (
    <AlertDialog open={choice !== null} onOpenChange={(open) => (open ? undefined : onAnswer("safe"))}>
      {choice ? (
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{choice.title}</AlertDialogTitle>
            <AlertDialogDescription asChild className="text-base text-foreground">
              <div className="flex flex-col gap-2">{choice.description}</div>
            </AlertDialogDescription>
          </AlertDialogHeader>
          {/* In reading order the safe answer comes last: rightmost on a wide screen, on top on a
              phone (the footer stacks in reverse there). Radix focuses the Cancel button. */}
          <AlertDialogFooter>
            <Button variant="outline" disabled={busy} onClick={() => onAnswer("risky")}>
              {choice.riskyLabel}
            </Button>
            {choice.otherLabel ? (
              <Button variant="outline" disabled={busy} onClick={() => onAnswer("other")}>
                {choice.otherLabel}
              </Button>
            ) : null}
            <AlertDialogCancel variant="default" disabled={busy}>
              {choice.safeLabel}
            </AlertDialogCancel>
          </AlertDialogFooter>
        </AlertDialogContent>
      ) : null}
    </AlertDialog>
  );
}
