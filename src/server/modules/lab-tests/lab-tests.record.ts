import { LAB_STATUS_LABELS, labTestInput, labTestRecord } from "../../../domain/labs";
import { labTestsType } from "../../../domain/record-types/lab-tests";
import { labTests } from "../../db/schema/index";
import { declareRecordType } from "../record-type-declaration";
import { labTest } from "./lab-tests.fhir";

/** The server's part of this record type (its shared part: src/domain/record-types/lab-tests.ts). */
export const labTestsRecordType = declareRecordType(labTestsType, {
  table: labTests,
  childScope: "withUnlinked",
  title: "Lab Tests",
  dateKey: "date",
  input: labTestInput,
  record: labTestRecord,
  onDashboard: true,
  api: {
    collection: "/api/lab-tests",
    update: ["PATCH"],
    example: (f) => ({ childId: f.id("children"), testName: "CBC", date: f.today, status: "pending" }),
  },
  fhir: { resources: labTest },
  readable: {
    codes: { status: LAB_STATUS_LABELS },
  },
});
