import { foodDiaryEntryInput, foodDiaryEntryRecord, MEAL_TYPE_LABELS } from "../../../domain/food-diary";
import { foodDiaryEntriesType } from "../../../domain/record-types/food-diary-entries";
import { foodDiaryEntries } from "../../db/schema/index";
import { declareRecordType } from "../record-type-declaration";

/** The server's part of this record type (its shared part: src/domain/record-types/food-diary-entries.ts). */
export const foodDiaryEntriesRecordType = declareRecordType(foodDiaryEntriesType, {
  table: foodDiaryEntries,
  childScope: "withUnlinked",
  title: "Food Diary",
  dateKey: "date",
  input: foodDiaryEntryInput,
  record: foodDiaryEntryRecord,
  api: {
    collection: "/api/food-diary",
    update: ["PATCH"],
    example: (f) => ({ childId: f.id("children"), date: f.today, mealType: "breakfast" }),
  },
  fhir: {
    none: "No clinical resource of its own here: a meal is the family's diary, not a nutrition order.",
  },
  readable: {
    codes: { mealType: MEAL_TYPE_LABELS },
  },
});
