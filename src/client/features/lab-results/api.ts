import type { z } from "zod";
import { createResourceApi } from "@/client/lib/resource-api";
import type { LabPanel, labPanelInput } from "@/domain/lab-panels";
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

export type { LabPanel };
export type LabPanelBody = z.output<typeof labPanelInput>;

/** A child's lab schedule: its panels, each with its next due date and last covering draw. */
export const labPanelsApi = createResourceApi<LabPanel, LabPanelBody, { childId?: string }>(
  "/api/lab-panels",
  "lab-panels",
);
