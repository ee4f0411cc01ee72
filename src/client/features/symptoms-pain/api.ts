import type { z } from "zod";
import { createResourceApi } from "@/client/lib/create-resource-api";
import type { symptomEntryInput } from "@/domain/symptoms";

export type SymptomEntryValues = z.output<typeof symptomEntryInput>;

/** A symptom entry as the server returns it. */
export interface SymptomEntry extends SymptomEntryValues {
  id: string;
  createdAt: string;
  updatedAt: string;
}

export const symptomsApi = createResourceApi<SymptomEntry, SymptomEntryValues, { childId?: string }>(
  "/api/symptoms",
  "symptoms",
);
