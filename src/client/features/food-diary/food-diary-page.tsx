import { Utensils } from "lucide-react";
import { InlineRecordScreen } from "@/client/components/record-screen/inline-record-screen";
import { defineRecordScreen } from "@/client/components/record-screen/types";
import { formatCardDate } from "@/client/lib/format";
import { MEAL_TYPE_LABELS } from "@/domain/food-diary";
import { foodDiaryApi } from "./api";
import { FoodDiaryCard } from "./components/food-diary-card";
import { foodDiaryForm } from "./food-diary-form";

const foodDiaryScreen = defineRecordScreen({
  title: "Food Diary",
  subtitle: "What was eaten and when, how much, and any reaction or symptoms afterwards.",
  addLabel: "Add Entry",
  api: foodDiaryApi,
  followsChildFilter: true,
  messages: {
    created: "Food diary entry created successfully",
    createFailed: "Failed to create entry",
    updated: "Food diary entry updated successfully",
    updateFailed: "Failed to update entry",
    deleted: "Entry deleted successfully",
    deleteFailed: "Failed to delete entry",
  },
  form: foodDiaryForm,
  addForm: {
    title: "New Food Diary Entry",
    description: "Date and meal type are required.",
    submitLabel: "Save Entry",
    pendingLabel: "Creating...",
  },
  editForm: { title: "Edit Food Diary Entry", submitLabel: "Save Changes" },
  renderCard: (entry, actions) => <FoodDiaryCard entry={entry} {...actions} />,
  empty: {
    icon: Utensils,
    title: "No food entries yet",
    text: "Log meals and snacks with any reaction, to spot patterns and share them with the dietitian.",
    actionLabel: "Add First Entry",
  },
  deletion: {
    title: "Delete food diary entry",
    description: (entry) =>
      `Are you sure you want to delete the ${MEAL_TYPE_LABELS[entry.mealType].toLowerCase()} entry of ${formatCardDate(entry.date)}? This action cannot be undone.`,
  },
});

/** Food Diary: meals, portions and any reaction afterwards, edited in place. */
export function FoodDiaryPage() {
  return <InlineRecordScreen config={foodDiaryScreen} />;
}
