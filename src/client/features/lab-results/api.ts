import type { z } from "zod";
import { createResourceApi } from "@/client/lib/resource-api";
import type { LabResult, labResultInput } from "@/domain/lab-results";
import type { LabTest } from "@/domain/labs";

export type { LabResult };
export type LabResultBody = z.output<typeof labResultInput>;

export const labResultsApi = createResourceApi<LabResult, LabResultBody, { childId?: string }>(
  "/api/lab-results",
  "lab-results",
);

/** The Lab Tests screen's tests (the same list and cache), for a result to belong to one. */
export const labTestsListApi = createResourceApi<LabTest, never, { childId?: string }>(
  "/api/lab-tests",
  "lab-tests",
);
