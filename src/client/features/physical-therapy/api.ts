import { createResourceApi } from "@/client/lib/create-resource-api";
import type { PhysicalTherapySessionInput } from "@/domain/physical-therapy";

/** A physical therapy session as the server returns it. */
export interface PhysicalTherapySession {
  id: string;
  childId: string | null;
  date: string;
  time: string | null;
  therapist: string;
  location: string | null;
  exercises: string[];
  /** Minutes. */
  duration: number | null;
  progress: string | null;
  notes: string | null;
  nextSession: string | null;
  createdAt: string;
  updatedAt: string;
}

export const physicalTherapyApi = createResourceApi<
  PhysicalTherapySession,
  PhysicalTherapySessionInput,
  { childId?: string }
>("/api/physical-therapy", "physical-therapy");
