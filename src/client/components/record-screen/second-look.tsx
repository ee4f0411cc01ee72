import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/client/components/ui/alert-dialog";
import { Button } from "@/client/components/ui/button";

/**
 * A question a form asks before saving something unusual (a volume no bag holds, a second entry
 * for the same day). The person may save as typed (`confirmLabel`), go back to the form, or take
 * the `alternative` (open the entry already there instead).
 */
export interface SecondLook {
  title: string;
  description: string;
  /** 'Add another', 'Save anyway'. */
  confirmLabel: string;
  /** 'Change it': back to the form with what was typed. Default 'Go back'. */
  backLabel?: string;
  /** Another way out, which leaves this form (its draft is discarded). */
  alternative?: { label: string; choose: () => void };
}

export type SecondLookAnswer = "confirm" | "back" | "alternative";

/** Shows one second look; `onAnswer` gets what the person chose (Escape goes back to the form). */
export function SecondLookDialog({
  look,
  onAnswer,
}: {
  look: SecondLook | null;
  onAnswer: (answer: SecondLookAnswer) => void;
}) {
  return (
    <AlertDialog open={look !== null} onOpenChange={(open) => (open ? undefined : onAnswer("back"))}>
      {look ? (
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{look.title}</AlertDialogTitle>
            <AlertDialogDescription>{look.description}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <Button variant="outline" onClick={() => onAnswer("back")}>
              {look.backLabel ?? "Go back"}
            </Button>
            {look.alternative ? (
              <Button variant="outline" onClick={() => onAnswer("alternative")}>
                {look.alternative.label}
              </Button>
            ) : null}
            <Button onClick={() => onAnswer("confirm")}>{look.confirmLabel}</Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      ) : null}
    </AlertDialog>
  );
}
