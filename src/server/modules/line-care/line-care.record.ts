import {
  DRESSING_TYPE_LABELS,
  LINE_CARE_LABELS,
  LOCK_SOLUTION_LABELS,
  SITE_FINDING_LABELS,
} from "../../../domain/line-care";
import { lineCareInput, lineCareRecord } from "../../../domain/line-care-records";
import { lineCareType } from "../../../domain/record-types/line-care";
import { lineCareEvents } from "../../db/schema/index";
import { declareRecordType } from "../record-type-declaration";
import { lineCare } from "./line-care.fhir";

/** The server's part of this record type (its shared part: src/domain/record-types/line-care.ts). */
export const lineCareRecordType = declareRecordType(lineCareType, {
  table: lineCareEvents,
  childScope: "exact",
  title: "Line Care",
  dateKey: "date",
  input: lineCareInput,
  record: lineCareRecord,
  computed: ["suppliesDrawn"],
  api: {
    collection: "/api/line-care",
    update: ["PATCH"],
    example: (f) => ({
      childId: f.id("children"),
      piccLineId: f.id("piccLines"),
      kind: "flush",
      date: f.today,
    }),
  },
  fhir: { resources: lineCare },
  readable: {
    codes: { kind: LINE_CARE_LABELS, dressingType: DRESSING_TYPE_LABELS, lockSolution: LOCK_SOLUTION_LABELS },
    listCodes: { findings: SITE_FINDING_LABELS },
  },
});
