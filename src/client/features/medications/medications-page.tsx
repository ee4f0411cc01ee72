import { Pill } from "lucide-react";
import { InlineRecordScreen } from "@/client/components/record-screen/inline-record-screen";
import { defineRecordScreen } from "@/client/components/record-screen/types";
import { medicationsApi } from "@/client/lib/medications-api";
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

/** Medications: doses, schedules and prescribers, edited in place. */
export function MedicationsPage() {
  return <InlineRecordScreen config={medicationsScreen} />;
}
