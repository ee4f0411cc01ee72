import type { z } from "zod";
import { createResourceApi } from "@/client/lib/resource-api";
import type { SymptomEntry, symptomEntryInput } from "@/domain/symptoms";

export type { SymptomEntry };
export type SymptomEntryValues = z.output<typeof symptomEntryInput>;

export const symptomsApi = createResourceApi<SymptomEntry, SymptomEntryValues, { childId?: string }>(
  "/api/symptoms",
  "symptoms",
  { paged: true },
);
