import { type SafeChoiceAnswer, SafeChoiceDialog } from "@/client/components/ui/safe-choice-dialog";

/**
 * A question a form asks before saving something unusual (a volume no bag holds, a second entry
 * for the same day). Going back to the form is the safe answer: the primary button, focused. The
 * person may instead save as typed (`confirmLabel`, which says exactly what it saves), or take the
 * `alternative` (open the entry already there instead).
 */
export interface SecondLook {
  title: string;
  description: string;
  /** What saving as typed does: 'Save 99,999 mL', 'Add a second bag tonight' (never 'anyway'). */
  confirmLabel: string;
  /** 'Change it': back to the form with what was typed. Default 'Go back'. */
  backLabel?: string;
  /** Another way out, which leaves this form (its draft is discarded). */
  alternative?: { label: string; choose: () => void };
}

export type SecondLookAnswer = "confirm" | "back" | "alternative";

const ANSWERS: Record<SafeChoiceAnswer, SecondLookAnswer> = {
  safe: "back",
  risky: "confirm",
  other: "alternative",
};

/** Shows one second look; `onAnswer` gets what the person chose (Escape goes back to the form). */
export function SecondLookDialog({
  look,
  onAnswer,
}: {
  look: SecondLook | null;
  onAnswer: (answer: SecondLookAnswer) => void;
}) {
  return (
    <SafeChoiceDialog
      choice={
        look
          ? {
              title: look.title,
              description: look.description,
              safeLabel: look.backLabel ?? "Go back",
              riskyLabel: look.confirmLabel,
              ...(look.alternative ? { otherLabel: look.alternative.label } : {}),
            }
          : null
      }
      onAnswer={(answer) => onAnswer(ANSWERS[answer])}
    />
  );
}
