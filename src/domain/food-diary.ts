import { z } from "zod";
import { commaList, oneOf, optionalId, optionalText, optionalTime, pastDate } from "./fields";
import { childLinkField, dateOnly, nullableText, recordBase, textList, type Wire } from "./records";

export const MEAL_TYPES = ["breakfast", "lunch", "dinner", "snack"] as const;
export type MealType = (typeof MEAL_TYPES)[number];

/** How each meal reads on the form, the card and in the exports. */
export const MEAL_TYPE_LABELS: Record<MealType, string> = {
  breakfast: "Breakfast",
  lunch: "Lunch",
  dinner: "Dinner",
  snack: "Snack",
};

export const foodDiaryEntryInput = z.object({
  childId: optionalId(),
  date: pastDate("Date"),
  mealType: oneOf("Meal type", MEAL_TYPES),
  time: optionalTime(),
  foods: commaList(),
  portion: optionalText(200),
  reaction: optionalText(),
  symptoms: commaList(),
  notes: optionalText(),
});

export type FoodDiaryEntryInput = z.input<typeof foodDiaryEntryInput>;

export const foodDiaryEntryRecord = z.object({
  ...recordBase,
  ...childLinkField,
  date: dateOnly,
  mealType: z.enum(MEAL_TYPES),
  time: nullableText,
  foods: textList,
  portion: nullableText,
  reaction: nullableText,
  symptoms: textList,
  notes: nullableText,
});
export type FoodDiaryEntry = Wire<typeof foodDiaryEntryRecord>;
