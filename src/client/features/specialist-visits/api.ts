import type { z } from "zod";
import { createResourceApi } from "@/client/lib/create-resource-api";
import type { specialistVisitInput } from "@/domain/visits";

export type SpecialistVisitValues = z.output<typeof specialistVisitInput>;

/** A specialist visit as the server returns it. */
export interface SpecialistVisit extends SpecialistVisitValues {
  id: string;
  createdAt: string;
  updatedAt: string;
}

export const specialistVisitsApi = createResourceApi<
  SpecialistVisit,
  SpecialistVisitValues,
  { childId?: string }
>("/api/specialist-visits", "specialist-visits");
