import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { ChoiceChips } from "@/client/components/forms/choice-chips";
import { RecordDialog } from "@/client/components/record-screen/record-dialog";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import { useResourceMutations } from "@/client/components/record-screen/use-resource-mutations";
import { formatCardDate, toDateOnly, toTimeOnly } from "@/client/lib/format";
import { medicationsApi } from "@/client/lib/medications-api";
import { notesApi } from "@/client/lib/notes-api";
import { optionalText, optionalTime } from "@/domain/fields";
import { isMedicationActive } from "@/domain/medications";
import { childListParams } from "../api";

type Values = { medicationId: string; time: string; notes: string };

const schema = z.object({
  medicationId: z.string().min(1, "Medication: choose the one given"),
  time: optionalTime(),
  notes: optionalText(2_000),
});

const fields: readonly RecordFieldConfig<Values>[] = [
  { name: "time", label: "Time given", type: "time" },
  { name: "notes", label: "Notes", type: "textarea", rows: 2, more: true, placeholder: "Given with food" },
];

/**
 * 'Medication given' from the dashboard: the child's current medications as one-tap choices and
 * the time (now), logged as a medication note ('Given: Ursodiol 60 mg') that Notes lists.
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
  // Loaded with the dashboard, so the dialog opens with its choices at once.
  const medications = useQuery(medicationsApi.listOptions(childListParams(childId)));
  const { createEntry } = useResourceMutations(notesApi, {
    messages: {
      created: { title: "Medication logged", description: "Saved in Notes as a medication note." },
      createFailed: "Failed to log the medication",
      deleted: "Note deleted successfully",
      deleteFailed: "Failed to delete note",
    },
    entryLabel: "medication note",
  });
  const today = toDateOnly();
  const current = (medications.data ?? []).filter((m) => isMedicationActive(m, today));
  const only = current.length === 1 ? (current[0]?.id ?? "") : "";
  if (!medications.data && !medications.isError) return null;
  return (
    <RecordDialog<Values, z.output<typeof schema>>
      open={open}
      onOpenChange={onOpenChange}
      title="Medication Given"
      description={
        current.length === 0
          ? "No current medications: add them on Medications first."
          : "Which medication, and when. It is kept in Notes."
      }
      schema={schema}
      fields={fields}
      defaultValues={{ medicationId: only, time: toTimeOnly(), notes: "" }}
      draftKey="Quick:medication-given"
      submitLabel="Log Medication"
      pendingLabel="Saving..."
      onSubmit={(input, entry) => {
        const medication = current.find((m) => m.id === input.medicationId);
        if (!medication) return Promise.reject(new Error("Choose the medication given."));
        const when = `${input.time ? `at ${input.time} ` : ""}on ${formatCardDate(today)}`;
        const title = `Given: ${medication.name} ${medication.dosage}`;
        // With the entry's key: without a connection it is kept on this device and sent later, once.
        return createEntry.mutateAsync({
          input: {
            childId: medication.childId ?? childId,
            title,
            content: `Given ${when}.${input.notes ? ` ${input.notes}` : ""}`,
            category: "medication",
          },
          entryKey: entry.key,
          label: `note '${title}'`,
        });
      }}
      renderBefore={(form) => {
        const error = form.formState.errors.medicationId?.message;
        return (
          <ChoiceChips
            label="Medication *"
            value={form.watch("medicationId")}
            onChange={(id) => form.setValue("medicationId", id, { shouldDirty: true, shouldValidate: true })}
            error={typeof error === "string" ? error : undefined}
            choices={current.map((m) => ({
              value: m.id,
              label: m.name,
              hint: `${m.dosage}, ${m.frequency}`,
            }))}
          />
        );
      }}
    />
  );
}
