import { childInput, childRecord, GENDER_LABELS } from "../../../domain/children";
import { childrenType } from "../../../domain/record-types/children";
import { children } from "../../db/schema/index";
import { declareRecordType } from "../record-type-declaration";
import { patient } from "./children.fhir";

/** The server's part of this record type (its shared part: src/domain/record-types/children.ts). */
export const childrenRecordType = declareRecordType(childrenType, {
  table: children,
  title: "Children",
  input: childInput,
  record: childRecord,
  exportsOnlyChosenChild: true,
  api: { collection: "/api/children", update: ["PUT"], example: () => ({ name: "Leo" }) },
  fhir: { resources: patient },
  readable: {
    codes: { gender: GENDER_LABELS },
  },
});
