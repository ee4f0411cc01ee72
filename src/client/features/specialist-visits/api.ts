import type { z } from "zod";
import { createResourceApi } from "@/client/lib/resource-api";
import type { SpecialistVisit, specialistVisitInput } from "@/domain/visits";

export type { SpecialistVisit };
export type SpecialistVisitValues = z.output<typeof specialistVisitInput>;

export const specialistVisitsApi = createResourceApi<
  SpecialistVisit,
  SpecialistVisitValues,
  { childId?: string }
>("/api/specialist-visits", "specialist-visits");
