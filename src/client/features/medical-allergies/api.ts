import type { z } from "zod";
import { createResourceApi } from "@/client/lib/create-resource-api";
import type { medicalAllergyInput } from "@/domain/allergies";

export type MedicalAllergyValues = z.output<typeof medicalAllergyInput>;

/** A medical allergy as the server returns it. */
export interface MedicalAllergy extends MedicalAllergyValues {
  id: string;
  createdAt: string;
  updatedAt: string;
}

export const allergiesApi = createResourceApi<MedicalAllergy, MedicalAllergyValues, { childId?: string }>(
  "/api/allergies",
  "allergies",
);
