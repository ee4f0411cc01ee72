import { createResourceApi } from "@/client/lib/create-resource-api";
import type { MedicationInput } from "@/domain/medications";

/** A medication as the server returns it. */
export interface Medication {
  id: string;
  childId: string | null;
  name: string;
  dosage: string;
  frequency: string;
  prescribedBy: string | null;
  startDate: string | null;
  endDate: string | null;
  purpose: string | null;
  sideEffects: string[];
  instructions: string | null;
  /** The text 'true' (Active) or 'false' (Discontinued). */
  isActive: "true" | "false";
  notes: string | null;
  createdAt: string;
  updatedAt: string;
}

export const medicationsApi = createResourceApi<Medication, MedicationInput, { childId?: string }>(
  "/api/medications",
  "medications",
);
