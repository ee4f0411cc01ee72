import { createResourceApi } from "@/client/lib/create-resource-api";
import type { FoodDiaryEntryInput, MealType } from "@/domain/food-diary";

/** A food diary entry as the server returns it. */
export interface FoodDiaryEntry {
  id: string;
  childId: string | null;
  date: string;
  mealType: MealType;
  time: string | null;
  foods: string[];
  portion: string | null;
  reaction: string | null;
  symptoms: string[];
  notes: string | null;
  createdAt: string;
  updatedAt: string;
}

export const foodDiaryApi = createResourceApi<FoodDiaryEntry, FoodDiaryEntryInput, { childId?: string }>(
  "/api/food-diary",
  "food-diary",
);
