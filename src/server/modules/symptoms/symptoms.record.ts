import { symptomEntriesType } from "../../../domain/record-types/symptom-entries";
import { SYMPTOM_SEVERITY_LABELS, symptomEntryInput, symptomEntryRecord } from "../../../domain/symptoms";
import { symptomEntries } from "../../db/schema/index";
import { declareRecordType } from "../record-type-declaration";
import { symptoms } from "./symptoms.fhir";

/** The server's part of this record type (its shared part: src/domain/record-types/symptom-entries.ts). */
export const symptomEntriesRecordType = declareRecordType(symptomEntriesType, {
  table: symptomEntries,
  childScope: "withUnlinked",
  title: "Symptoms & Pain",
  dateKey: "date",
  input: symptomEntryInput,
  record: symptomEntryRecord,
  onDashboard: true,
  api: {
    collection: "/api/symptoms",
    update: ["PATCH"],
    example: (f) => ({ childId: f.id("children"), date: f.today, symptoms: "fever", painLevel: 3 }),
  },
  fhir: { resources: symptoms },
  readable: {
    codes: { severity: SYMPTOM_SEVERITY_LABELS },
  },
});
