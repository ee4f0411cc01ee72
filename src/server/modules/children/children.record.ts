import { childInput, childRecord } from "../../../domain/children";
import { childrenType } from "../../../domain/record-types/children";
import { children } from "../../db/schema/index";
import { patient } from "../exports/formats/fhir/patient";
import { declareRecordType } from "../record-type-declaration";

/** The server's part of this record type (its shared part: src/domain/record-types/children.ts). */
export const childrenRecordType = declareRecordType(childrenType, {
  table: children,
  title: "Children",
  input: childInput,
  record: childRecord,
  exportsOnlyChosenChild: true,
  api: { collection: "/api/children", update: ["PUT"], example: () => ({ name: "Leo" }) },
  fhir: { resources: patient },
});
