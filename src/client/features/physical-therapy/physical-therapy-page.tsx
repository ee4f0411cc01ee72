import { Activity } from "lucide-react";
import { InlineRecordScreen } from "@/client/components/record-screen/inline-record-screen";
import { defineRecordScreen } from "@/client/components/record-screen/types";
import { formatCardDate } from "@/client/lib/format";
import { physicalTherapyApi } from "./api";
import { PhysicalTherapyCard } from "./components/physical-therapy-card";
import { physicalTherapyForm } from "./physical-therapy-form";

const physicalTherapyScreen = defineRecordScreen({
  title: "Physical Therapy",
  subtitle: "Therapy sessions: who and where, the exercises done, progress made and when the next one is.",
  addLabel: "Add Session",
  api: physicalTherapyApi,
  followsChildFilter: true,
  messages: {
    created: "Physical therapy session created successfully",
    createFailed: "Failed to create session",
    updated: "Physical therapy session updated successfully",
    updateFailed: "Failed to update session",
    deleted: "Session deleted successfully",
    deleteFailed: "Failed to delete session",
  },
  form: physicalTherapyForm,
  addForm: {
    title: "New Therapy Session",
    description: "Date and therapist are required.",
    submitLabel: "Save Session",
    pendingLabel: "Creating...",
  },
  editForm: { title: "Edit Therapy Session", submitLabel: "Save Changes" },
  renderCard: (session, actions) => <PhysicalTherapyCard session={session} {...actions} />,
  empty: {
    icon: Activity,
    title: "No therapy sessions yet",
    text: "Record each session with the exercises and progress, so the whole team can follow along.",
    actionLabel: "Add First Session",
  },
  deletion: {
    title: "Delete therapy session",
    description: (session) =>
      `Are you sure you want to delete the session with ${session.therapist} on ${formatCardDate(session.date)}? This action cannot be undone.`,
  },
});

/** Physical Therapy: sessions with their exercises and progress, edited in place. */
export function PhysicalTherapyPage() {
  return <InlineRecordScreen config={physicalTherapyScreen} />;
}
