import { TriangleAlert } from "lucide-react";
import { DialogRecordScreen } from "@/client/components/record-screen/dialog-record-screen";
import { defineRecordScreen } from "@/client/components/record-screen/types";
import { dashboardStatsQueryKey } from "@/client/lib/query-keys";
import { allergiesApi } from "./api";
import { MedicalAllergyCard } from "./components/medical-allergy-card";
import { medicalAllergyForm } from "./medical-allergy-form";

const medicalAllergiesScreen = defineRecordScreen({
  title: "Medical Allergies",
  subtitle:
    "Allergens, the reactions they cause, how severe they are and how to treat them, ready to share in an emergency.",
  addLabel: "Add Medical Allergy",
  api: allergiesApi,
  followsChildFilter: true,
  messages: {
    created: "Medical allergy added successfully",
    createFailed: "Failed to add medical allergy",
    updated: "Medical allergy updated successfully",
    updateFailed: "Failed to update medical allergy",
    deleted: "Medical allergy deleted successfully",
    deleteFailed: "Failed to delete medical allergy",
  },
  alsoInvalidate: [dashboardStatsQueryKey],
  form: medicalAllergyForm,
  addForm: { submitLabel: "Add Allergy" },
  editForm: {
    title: "Edit Medical Allergy",
    description: (allergy) => `Update the allergy to ${allergy.allergen}.`,
    submitLabel: "Update Allergy",
  },
  renderCard: (allergy, actions) => <MedicalAllergyCard allergy={allergy} {...actions} />,
  empty: {
    icon: TriangleAlert,
    title: "No medical allergies recorded",
    text: "Record medicines, foods and materials your child reacts to, so everyone caring for them knows.",
  },
  deletion: { title: "Delete medical allergy", itemName: (allergy) => allergy.allergen },
});

/** Medical Allergies: allergens, reactions, severity and treatment, ready for an emergency. */
export function MedicalAllergiesPage() {
  return <DialogRecordScreen config={medicalAllergiesScreen} />;
}
