import { Stethoscope } from "lucide-react";
import { DialogRecordScreen } from "@/client/components/record-screen/dialog-record-screen";
import { defineRecordScreen } from "@/client/components/record-screen/types";
import { formatListDate } from "@/client/lib/format";
import { dashboardStatsQueryKey } from "@/client/lib/query-keys";
import { specialistVisitsApi } from "./api";
import { SpecialistVisitCard } from "./components/specialist-visit-card";
import { specialistVisitForm } from "./specialist-visit-form";

const specialistVisitsScreen = defineRecordScreen({
  title: "Specialist Visits",
  subtitle: "Appointments with specialists: when and where, why, what was said and what follow-up is needed.",
  addLabel: "Add Specialist Visit",
  api: specialistVisitsApi,
  followsChildFilter: true,
  messages: {
    created: "Specialist visit added successfully",
    createFailed: "Failed to add specialist visit",
    updated: "Specialist visit updated successfully",
    updateFailed: "Failed to update specialist visit",
    deleted: "Specialist visit deleted successfully",
    deleteFailed: "Failed to delete specialist visit",
  },
  alsoInvalidate: [dashboardStatsQueryKey],
  form: specialistVisitForm,
  addForm: { submitLabel: "Add Visit" },
  editForm: {
    title: "Edit Specialist Visit",
    description: (visit) => `Update the visit with ${visit.doctorName}.`,
    submitLabel: "Update Visit",
  },
  renderCard: (visit, actions) => <SpecialistVisitCard visit={visit} {...actions} />,
  empty: {
    icon: Stethoscope,
    title: "No specialist visits yet",
    text: "Record each appointment with a specialist so the notes and follow-ups are in one place.",
  },
  deletion: {
    title: "Delete specialist visit",
    itemName: (visit) => `${visit.doctorName}, ${formatListDate(visit.date)}`,
  },
});

/** Specialist Visits: appointments with specialists, their notes and follow-ups. */
export function SpecialistVisitsPage() {
  return <DialogRecordScreen config={specialistVisitsScreen} />;
}
