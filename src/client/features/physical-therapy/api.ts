import { createResourceApi } from "@/client/lib/resource-api";
import type { PhysicalTherapySession, PhysicalTherapySessionInput } from "@/domain/physical-therapy";

export type { PhysicalTherapySession };

export const physicalTherapyApi = createResourceApi<
  PhysicalTherapySession,
  PhysicalTherapySessionInput,
  { childId?: string }
>("/api/physical-therapy", "physical-therapy");
