import { vitalsType } from "../../../domain/record-types/vitals";
import { vitalInput, vitalRecord } from "../../../domain/vital-records";
import { TEMPERATURE_SITE_LABELS, VITAL_LABELS, VITAL_UNITS, type VitalKind } from "../../../domain/vitals";
import { vitals } from "../../db/schema/index";
import { declareRecordType } from "../record-type-declaration";
import { vital } from "./vitals.fhir";

/** The server's part of this record type (its shared part: src/domain/record-types/vitals.ts). */
export const vitalsRecordType = declareRecordType(vitalsType, {
  table: vitals,
  childScope: "exact",
  title: "Vitals",
  dateKey: "date",
  input: vitalInput,
  record: vitalRecord,
  computed: ["feverWithLine"],
  readable: {
    codes: { kind: VITAL_LABELS, site: TEMPERATURE_SITE_LABELS },
    units: { value: (row) => VITAL_UNITS[row.kind as VitalKind] },
  },
  api: {
    collection: "/api/vitals",
    update: ["PATCH"],
    example: (f) => ({
      childId: f.id("children"),
      date: f.today,
      kind: "temperature",
      value: 37.2,
      site: "oral",
    }),
  },
  fhir: { resources: vital },
});
