import { physicalTherapySessions } from "../../db/schema/index";
import { ownedRecords } from "../../lib/owned-records";

export const physicalTherapyRecords = ownedRecords({
  entity: "physical_therapy_session",
  table: physicalTherapySessions,
  childScope: "withUnlinked",
  summary: (row) => `Therapy with ${row.therapist}`,
});
