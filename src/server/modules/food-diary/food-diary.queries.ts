import { foodDiaryEntries } from "../../db/schema/index";
import { ownedRecords } from "../../lib/owned-records";

export const foodDiaryRecords = ownedRecords({
  entity: "food_diary_entry",
  paged: {},
  table: foodDiaryEntries,
  childScope: "withUnlinked",
  summary: (row) => `${row.mealType} on ${row.date}`,
});
