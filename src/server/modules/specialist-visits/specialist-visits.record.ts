import { specialistVisitsType } from "../../../domain/record-types/specialist-visits";
import { specialistVisitInput, specialistVisitRecord } from "../../../domain/visits";
import { specialistVisits } from "../../db/schema/index";
import { declareRecordType } from "../record-type-declaration";
import { visit } from "./specialist-visits.fhir";

/** The server's part of this record type (its shared part: src/domain/record-types/specialist-visits.ts). */
export const specialistVisitsRecordType = declareRecordType(specialistVisitsType, {
  table: specialistVisits,
  childScope: "withUnlinked",
  title: "Specialist Visits",
  dateKey: "date",
  input: specialistVisitInput,
  record: specialistVisitRecord,
  onDashboard: true,
  api: {
    collection: "/api/specialist-visits",
    update: ["PATCH"],
    example: (f) => ({ childId: f.id("children"), doctorName: "Dr. Okafor", specialty: "GI", date: f.today }),
  },
  fhir: { resources: visit },
});
