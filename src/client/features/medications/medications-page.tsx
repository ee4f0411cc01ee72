import { Pill } from "lucide-react";
import { useState } from "react";
import { DoseDialog } from "@/client/components/doses/dose-dialog";
import { useDoseMutations } from "@/client/components/doses/use-dose-mutations";
import { ConfirmDeleteDialog } from "@/client/components/record-screen/confirm-delete-dialog";
import { InlineRecordScreen } from "@/client/components/record-screen/inline-record-screen";
import { useOnceTrue } from "@/client/components/record-screen/record-screen-parts";
import { defineRecordScreen } from "@/client/components/record-screen/types";
import { skipDescription, skipStartsAt } from "@/client/lib/dose-texts";
import type { Dose } from "@/client/lib/doses-api";
import { type Medication, medicationsApi } from "@/client/lib/medications-api";
import { useCan } from "@/client/lib/permissions";
import { familyClock } from "@/domain/clock";
import type { DoseStatus } from "@/domain/doses";
import { doseTitle } from "./components/dose-history";
import { MedicationCard } from "./components/medication-card";
import { medicationForm } from "./medication-form";

const medicationsScreen = defineRecordScreen({
  title: "Medications",
  subtitle: "Current and past medications: doses, schedules, who prescribed them and what to watch for.",
  addLabel: "Add Medication",
  api: medicationsApi,
  followsChildFilter: true,
  messages: {
    created: "Medication added successfully",
    createFailed: "Failed to add medication",
    updated: "Medication updated successfully",
    updateFailed: "Failed to update medication",
    deleted: "Medication deleted successfully",
    deleteFailed: "Failed to delete medication",
  },
  form: medicationForm,
  addForm: {
    title: "New Medication",
    description: "Name, dosage and frequency are required.",
    submitLabel: "Save Medication",
    pendingLabel: "Adding...",
  },
  editForm: { title: "Edit Medication", submitLabel: "Save Changes" },
  renderCard: (medication, actions) => <MedicationCard medication={medication} {...actions} />,
  empty: {
    icon: Pill,
    title: "No medications yet",
    text: "List each medication with its dose and schedule, so anyone caring for your child can check it.",
    actionLabel: "Add First Medication",
  },
  deletion: { title: "Delete medication", itemName: (medication) => medication.name },
});

interface Giving {
  medication: Medication;
  status: DoseStatus;
  open: boolean;
}

/** Medications: doses, schedules and prescribers, edited in place; each card records its doses. */
export function MedicationsPage() {
  const canWrite = useCan("write");
  const [giving, setGiving] = useState<Giving | null>(null);
  const [deleting, setDeleting] = useState<{ dose: Dose; open: boolean } | null>(null);
  const { remove } = useDoseMutations();
  const give = (medication: Medication, status: DoseStatus) => setGiving({ medication, status, open: true });
  const dialogOpened = useOnceTrue(giving?.open === true);
  return (
    <InlineRecordScreen
      config={medicationsScreen}
      renderCard={(medication, actions) => (
        <MedicationCard
          medication={medication}
          {...actions}
          {...(canWrite
            ? {
                onGive: () => give(medication, "given"),
                onSkip: () => give(medication, "skipped"),
                onDeleteDose: (dose: Dose) => setDeleting({ dose, open: true }),
              }
            : {})}
        />
      )}
      dialogs={
        <>
          {dialogOpened && giving ? (
            <DoseDialog
              // A new form for each medication and each opening.
              key={`${giving.medication.id}:${giving.status}`}
              open={giving.open}
              onOpenChange={(open) => setGiving({ ...giving, open })}
              status={giving.status}
              medication={giving.medication}
              startsAt={giving.status === "skipped" ? skipStartsAt(giving.medication, new Date()) : undefined}
              title={
                giving.status === "given"
                  ? `${giving.medication.name} given`
                  : `Skip ${giving.medication.name}`
              }
              description={
                giving.status === "given"
                  ? `${giving.medication.dosage}, now. Change the time or amount if they differ.`
                  : skipDescription(giving.medication, familyClock().timeZone, new Date())
              }
            />
          ) : null}
          <ConfirmDeleteDialog
            open={deleting?.open ?? false}
            onOpenChange={(open) => setDeleting(deleting ? { ...deleting, open } : null)}
            title="Delete dose"
            itemName={deleting ? doseTitle(deleting.dose) : undefined}
            onConfirm={() => (deleting ? remove.mutateAsync(deleting.dose.id) : Promise.resolve())}
          />
        </>
      }
    />
  );
}
