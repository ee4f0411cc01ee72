import { ownedRecords } from "../../lib/owned-records";
import { recordType } from "../record-types";

export const specialistVisitRecords = ownedRecords({
  ...recordType("specialistVisits"),
  summary: (row) => `${row.doctorName} (${row.specialty})`,
});
