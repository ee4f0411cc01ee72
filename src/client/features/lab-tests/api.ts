import type { z } from "zod";
import { createResourceApi } from "@/client/lib/create-resource-api";
import type { labTestInput } from "@/domain/labs";

export type LabTestValues = z.output<typeof labTestInput>;

/** A lab test as the server returns it. */
export interface LabTest extends LabTestValues {
  id: string;
  createdAt: string;
  updatedAt: string;
}

export const labTestsApi = createResourceApi<LabTest, LabTestValues, { childId?: string }>(
  "/api/lab-tests",
  "lab-tests",
);
