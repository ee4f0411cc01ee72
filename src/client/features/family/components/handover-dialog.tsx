import { SafeChoiceDialog } from "@/client/components/ui/safe-choice-dialog";

/**
 * Asks before the family is handed over: the new owner manages it, and the owner becomes a
 * caregiver. Keeping it as it is ("Cancel") is the primary, focused answer.
 */
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
  return (
    <SafeChoiceDialog
      busy={pending}
      choice={
        open
          ? {
              title: `Make ${name} the owner?`,
              description: (
                <>
                  <p>
                    {name} will manage {familyName}: invite and remove people, change what each person can do,
                    rename the family, set its time zone, and delete it.
                  </p>
                  <p>
                    You become a caregiver: you keep seeing and recording everything, but you can no longer
                    manage the family. Only {name} can hand it back to you.
                  </p>
                </>
              ),
              safeLabel: "Cancel",
              riskyLabel: pending ? "Handing over..." : `Make ${name} the owner`,
            }
          : null
      }
      onAnswer={(answer) => {
        if (answer === "risky") onConfirm();
        else if (!pending) onOpenChange(false);
      }}
    />
  );
}
