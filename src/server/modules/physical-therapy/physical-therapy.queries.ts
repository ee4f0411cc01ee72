import { ownedRecords } from "../../lib/owned-records";
import { recordType } from "../record-types";

export const physicalTherapyRecords = ownedRecords({
  ...recordType("physicalTherapySessions"),
  summary: (row) => `Therapy with ${row.therapist}`,
});
