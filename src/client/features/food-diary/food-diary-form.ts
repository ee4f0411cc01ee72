import { type ChildLinkFormValues, childFormValue } from "@/client/components/children/child-select-field";
import { linkChild } from "@/client/components/children/link-child";
import { toFormValues } from "@/client/components/record-screen/form-values";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import { toDateOnly, toTimeOnly } from "@/client/lib/format";
import { foodDiaryEntryInput, MEAL_TYPE_LABELS, MEAL_TYPES } from "@/domain/food-diary";
import type { FoodDiaryEntry } from "./api";

const FORM_KEYS = ["date", "mealType", "time", "portion", "reaction", "notes"] as const;

export type FoodDiaryFormValues = Record<(typeof FORM_KEYS)[number], string> &
  ChildLinkFormValues & {
    /** Typed comma-separated; the schema splits them into trimmed lists. */
    foods: string;
    symptoms: string;
  };

/** The server's schema: foods and symptoms become lists, "No specific child" null. */
export const foodDiaryFormSchema = linkChild(foodDiaryEntryInput);

/** The form's fields, with the family's Child select (from `useChildSelectField`). */
export function foodDiaryFields(
  childField: RecordFieldConfig<FoodDiaryFormValues>,
): RecordFieldConfig<FoodDiaryFormValues>[] {
  return [
    { name: "date", label: "Date *", type: "date", required: true },
    {
      name: "mealType",
      label: "Meal Type *",
      type: "select",
      required: true,
      placeholder: "Select a meal",
      options: MEAL_TYPES.map((value) => ({ value, label: MEAL_TYPE_LABELS[value] })),
    },
    { name: "time", label: "Time", type: "time" },
    { name: "portion", label: "Portion", placeholder: "Half a cup" },
    {
      name: "foods",
      label: "Foods",
      placeholder: "Rice cereal, applesauce",
      hint: "Separate foods with commas.",
    },
    {
      name: "symptoms",
      label: "Symptoms",
      placeholder: "Bloating, vomiting",
      hint: "Separate symptoms with commas.",
    },
    { name: "reaction", more: true, label: "Reaction", placeholder: "None, or what happened" },
    childField,
    {
      name: "notes",
      more: true,
      label: "Notes",
      type: "textarea",
      placeholder: "Appetite, mood, anything else...",
    },
  ];
}

/** Today and the filtered child when adding; the entry's values (lists as "a, b") when editing. */
export function foodDiaryFormValues(
  entry: FoodDiaryEntry | null,
  filterChildId: string | null,
): FoodDiaryFormValues {
  const values = toFormValues(FORM_KEYS, entry);
  return {
    ...values,
    date: entry ? values.date : toDateOnly(),
    time: entry ? values.time : toTimeOnly(),
    foods: entry?.foods.join(", ") ?? "",
    symptoms: entry?.symptoms.join(", ") ?? "",
    childId: childFormValue(entry, filterChildId),
  };
}

/** The food diary entry form as its record screen takes it: schema, fields and starting values. */
export const foodDiaryForm = {
  schema: foodDiaryFormSchema,
  fields: foodDiaryFields,
  toFormValues: foodDiaryFormValues,
};
