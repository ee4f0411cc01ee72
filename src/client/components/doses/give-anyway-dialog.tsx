import { SafeChoiceDialog } from "@/client/components/ui/safe-choice-dialog";

/** The safe answer to "Give another dose?" (primary, focused; Escape too). */
export const DONT_GIVE_LABEL = "Don't give it";
/** The risky answer, saying what it does. */
export const SECOND_DOSE_LABEL = "Record a second dose";

/**
 * "Ursodiol was given at 08:05 today by Sam Lee. Give another dose?": asked when the server finds
 * a dose shortly after another given one. "Don't give it" is the primary answer and has the focus;
 * "Record a second dose" says what the other does.
 */
export function GiveAnywayDialog({
  question,
  onAnswer,
}: {
  question: string | null;
  onAnswer: (give: boolean) => void;
}) {
  return (
    <SafeChoiceDialog
      choice={
        question
          ? {
              title: "Already given",
              description: question,
              safeLabel: DONT_GIVE_LABEL,
              riskyLabel: SECOND_DOSE_LABEL,
            }
          : null
      }
      onAnswer={(answer) => onAnswer(answer === "risky")}
    />
  );
}
