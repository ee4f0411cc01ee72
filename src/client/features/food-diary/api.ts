import { createResourceApi } from "@/client/lib/resource-api";
import type { FoodDiaryEntry, FoodDiaryEntryInput } from "@/domain/food-diary";

export type { FoodDiaryEntry };

export const foodDiaryApi = createResourceApi<FoodDiaryEntry, FoodDiaryEntryInput, { childId?: string }>(
  "/api/food-diary",
  "food-diary",
  { paged: true },
);
