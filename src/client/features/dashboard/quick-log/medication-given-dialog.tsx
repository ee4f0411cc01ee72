import { useQuery } from "@tanstack/react-query";
import { DoseDialog } from "@/client/components/doses/dose-dialog";
import { toDateOnly } from "@/client/lib/format";
import { medicationsApi } from "@/client/lib/medications-api";
import { isMedicationActive } from "@/domain/medications";
import { childListParams } from "../api";

/**
 * 'Medication given' from Log now: the current medications of the child shown (and those linked to
 * no child) as one-tap choices, the only one chosen already, the time now and its dosage as the
 * amount; saved as a dose on the medication, so its card shows it as the last dose. A dose shortly
 * after another one is asked about first, naming who gave it. (Notes logged this way before doses
 * existed stay notes.)
 */
export function MedicationGivenDialog({
  open,
  onOpenChange,
  childId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  childId: string | null;
}) {
  // Asked again on each opening: another caregiver may have given a dose since.
  const medications = useQuery({ ...medicationsApi.listOptions(childListParams(childId)), staleTime: 0 });
  const today = toDateOnly();
  const current = (medications.data ?? []).filter((m) => isMedicationActive(m, today));
  const only = current.length === 1 ? (current[0] ?? null) : null;
  if (!medications.data && !medications.isError) return null;
  return (
    <DoseDialog
      open={open}
      onOpenChange={onOpenChange}
      status="given"
      medication={only}
      choices={current}
      title="Medication Given"
      description={
        current.length === 0
          ? "No current medications: add them on Medications first."
          : "Which medication, and when. Its card shows it as the last dose."
      }
      submitLabel="Log Medication"
    />
  );
}
