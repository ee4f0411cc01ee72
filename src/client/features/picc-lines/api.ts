import type { z } from "zod";
import { createResourceApi } from "@/client/lib/resource-api";
import type { PiccInfection, piccInfectionInput } from "@/domain/picc";

export {
  type LineCareEvent,
  type LineCareValues,
  lineCareApi,
  type PiccLine,
  type PiccLineValues,
  piccLinesApi,
} from "@/client/lib/line-care-api";
export type { PiccInfection };
export type PiccInfectionValues = z.output<typeof piccInfectionInput>;

export const piccInfectionsApi = createResourceApi<PiccInfection, PiccInfectionValues>(
  "/api/picc-infections",
  "picc-infections",
  { updateMethod: "PUT" },
);
