import type { z } from "zod";
import { createResourceApi } from "@/client/lib/resource-api";
import type { LabTest, labTestInput } from "@/domain/labs";

export type { LabTest };
export type LabTestValues = z.output<typeof labTestInput>;

export const labTestsApi = createResourceApi<LabTest, LabTestValues, { childId?: string }>(
  "/api/lab-tests",
  "lab-tests",
);
