import type { z } from "zod";
import { createResourceApi } from "@/client/lib/resource-api";
import type { MedicalAllergy, medicalAllergyInput } from "@/domain/allergies";

export type { MedicalAllergy };
export type MedicalAllergyValues = z.output<typeof medicalAllergyInput>;

export const allergiesApi = createResourceApi<MedicalAllergy, MedicalAllergyValues, { childId?: string }>(
  "/api/allergies",
  "allergies",
);
