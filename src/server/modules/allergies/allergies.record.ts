import {
  ALLERGY_SEVERITY_LABELS,
  medicalAllergyInput,
  medicalAllergyRecord,
} from "../../../domain/allergies";
import { medicalAllergiesType } from "../../../domain/record-types/medical-allergies";
import { medicalAllergies } from "../../db/schema/index";
import { declareRecordType } from "../record-type-declaration";
import { allergy } from "./allergies.fhir";

/** The server's part of this record type (its shared part: src/domain/record-types/medical-allergies.ts). */
export const medicalAllergiesRecordType = declareRecordType(medicalAllergiesType, {
  table: medicalAllergies,
  childScope: "withUnlinked",
  title: "Medical Allergies",
  input: medicalAllergyInput,
  record: medicalAllergyRecord,
  onDashboard: true,
  api: {
    collection: "/api/allergies",
    update: ["PATCH"],
    example: (f) => ({ childId: f.id("children"), allergen: "Latex", reaction: "Hives", severity: "severe" }),
  },
  fhir: { resources: allergy },
  readable: {
    codes: { severity: ALLERGY_SEVERITY_LABELS },
  },
});
