import { createResourceApi } from "@/client/lib/resource-api";
import type { Medication, MedicationInput } from "@/domain/medications";

export type { Medication };

export const medicationsApi = createResourceApi<Medication, MedicationInput, { childId?: string }>(
  "/api/medications",
  "medications",
);
