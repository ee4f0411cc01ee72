import { z } from "zod";
import { commaList, isoDate, oneOf, optionalId, optionalText, optionalTime } from "./fields";

export const MEAL_TYPES = ["breakfast", "lunch", "dinner", "snack"] as const;
export type MealType = (typeof MEAL_TYPES)[number];

export const foodDiaryEntryInput = z.object({
  childId: optionalId(),
  date: isoDate("Date"),
  mealType: oneOf("Meal type", MEAL_TYPES),
  time: optionalTime(),
  foods: commaList(),
  portion: optionalText(200),
  reaction: optionalText(),
  symptoms: commaList(),
  notes: optionalText(),
});

export type FoodDiaryEntryInput = z.input<typeof foodDiaryEntryInput>;
