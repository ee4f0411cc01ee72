import { ownedRecords } from "../../lib/owned-records";
import { recordType } from "../record-types";

export const foodDiaryRecords = ownedRecords({
  ...recordType("foodDiaryEntries"),
  paged: {},
  summary: (row) => `${row.mealType} on ${row.date}`,
});
