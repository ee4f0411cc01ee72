import { specialistVisits } from "../../db/schema/index";
import { ownedRecords } from "../../lib/owned-records";

export const specialistVisitRecords = ownedRecords({
  entity: "specialist_visit",
  table: specialistVisits,
  childScope: "withUnlinked",
  summary: (row) => `${row.doctorName} (${row.specialty})`,
});
