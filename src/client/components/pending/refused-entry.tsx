import { useState } from "react";
import { Button } from "@/client/components/ui/button";
import { SafeChoiceDialog } from "@/client/components/ui/safe-choice-dialog";
import { familyTimeFormat } from "@/client/lib/family-clock";
import { toTimeOnly } from "@/client/lib/format";
import { answerRefused, discardPending, type PendingSave, type Refusal } from "@/client/lib/pending-saves";
import { familyClock } from "@/domain/clock";
import { doseMomentText } from "@/domain/dose-moments";

/** When an entry was saved on this device, on the family's clock as every time is shown: "14:10". */
export const savedTime = (save: PendingSave) => toTimeOnly(new Date(save.savedAt));

/**
 * The question of a refused entry. A dose someone recorded while this one waited is named (when,
 * by whom): both may have been given, or the two may be one dose logged twice.
 */
export function refusalQuestion(refused: Refusal, now: Date): string {
  if (!refused.tooSoon) return refused.message;
  const { givenAt, givenBy } = refused.tooSoon.lastDose;
  const when = doseMomentText(givenAt, familyClock().timeZone, now, familyTimeFormat());
  return `Another dose was recorded at ${when}${givenBy ? ` by ${givenBy}` : ""} while this one waited. Were both given?`;
}

/**
 * An entry kept on this device that the server refused by a rule: it stays until the person
 * answers. A dose given meanwhile by someone else: record this one as a second dose, or discard
 * it; any other reason: try again, or discard it. Discarding asks once more ("Keep it" is the
 * safe, primary answer).
 */
export function RefusedEntry({
  owner,
  save,
  refused,
  onAnswered,
}: {
  owner: string;
  save: PendingSave;
  refused: Refusal;
  /** The entry was put back to be sent: send it now. */
  onAnswered: () => void;
}) {
  const [discarding, setDiscarding] = useState(false);
  const send = (answer: "confirm" | "retry") => {
    if (answerRefused(owner, save.key, answer)) onAnswered();
  };
  return (
    <li className="flex flex-col gap-2">
      <p className="font-medium">
        Not recorded yet: {save.label}, saved {savedTime(save)}
      </p>
      <p>{refusalQuestion(refused, new Date())}</p>
      <div className="flex flex-wrap gap-2">
        {refused.tooSoon ? (
          <Button size="sm" variant="outline" onClick={() => send("confirm")}>
            Record a second dose
          </Button>
        ) : (
          <Button size="sm" variant="outline" onClick={() => send("retry")}>
            Try again
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={() => setDiscarding(true)}>
          Discard this entry
        </Button>
      </div>
      <SafeChoiceDialog
        choice={
          discarding
            ? {
                title: "Discard this entry?",
                description: `The ${save.label} saved on this device at ${savedTime(save)} will not be recorded.`,
                safeLabel: "Keep it",
                riskyLabel: "Discard this entry",
              }
            : null
        }
        onAnswer={(answer) => {
          setDiscarding(false);
          if (answer === "risky") discardPending(owner, save.key);
        }}
      />
    </li>
  );
}
