import type { z } from "zod";
import { createResourceApi } from "@/client/components/record-screen/create-resource-api";
import type { LabTest, labTestInput } from "@/domain/labs";

export type { LabTest };
export type LabTestValues = z.output<typeof labTestInput>;

export const labTestsApi = createResourceApi<LabTest, LabTestValues, { childId?: string }>(
  "/api/lab-tests",
  "lab-tests",
);
