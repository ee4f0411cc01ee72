import { createResourceApi } from "@/client/components/record-screen/create-resource-api";
import type { Medication, MedicationInput } from "@/domain/medications";

export type { Medication };

export const medicationsApi = createResourceApi<Medication, MedicationInput, { childId?: string }>(
  "/api/medications",
  "medications",
);
