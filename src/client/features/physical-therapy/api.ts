import { createResourceApi } from "@/client/components/record-screen/create-resource-api";
import type { PhysicalTherapySession, PhysicalTherapySessionInput } from "@/domain/physical-therapy";

export type { PhysicalTherapySession };

export const physicalTherapyApi = createResourceApi<
  PhysicalTherapySession,
  PhysicalTherapySessionInput,
  { childId?: string }
>("/api/physical-therapy", "physical-therapy");
