import type { z } from "zod";
import { createResourceApi } from "@/client/lib/resource-api";
import type { InfusionCenter, infusionCenterInput } from "@/domain/infusion-centers";

export type { InfusionCenter };
export type InfusionCenterValues = z.output<typeof infusionCenterInput>;

/** The family's infusion centers; edits replace the whole center (PUT). */
export const infusionCentersApi = createResourceApi<InfusionCenter, InfusionCenterValues>(
  "/api/infusion-centers",
  "infusion-centers",
  { updateMethod: "PUT" },
);
