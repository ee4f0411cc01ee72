import { infusionCenterInput, infusionCenterRecord } from "../../../domain/infusion-centers";
import { infusionCentersType } from "../../../domain/record-types/infusion-centers";
import { infusionCenters } from "../../db/schema/index";
import { declareRecordType } from "../record-type-declaration";

/** The server's part of this record type (its shared part: src/domain/record-types/infusion-centers.ts). */
export const infusionCentersRecordType = declareRecordType(infusionCentersType, {
  table: infusionCenters,
  childScope: "withUnlinked",
  title: "Infusion Centers",
  input: infusionCenterInput,
  record: infusionCenterRecord,
  api: {
    collection: "/api/infusion-centers",
    update: ["PUT"],
    example: (f) => ({ childId: f.id("children"), name: "Riverside" }),
  },
  fhir: { none: "An infusion center is a contact, not a clinical record of the child." },
});
