import type { z } from "zod";
import { createResourceApi } from "@/client/components/record-screen/create-resource-api";
import type { PiccInfection, PiccLine, piccInfectionInput, piccLineInput } from "@/domain/picc";

export type { PiccInfection, PiccLine };
export type PiccLineValues = z.output<typeof piccLineInput>;
export type PiccInfectionValues = z.output<typeof piccInfectionInput>;

/** One child's lines (`['picc-lines', { childId }]`); edits replace the whole record (PUT). */
export const piccLinesApi = createResourceApi<PiccLine, PiccLineValues>("/api/picc-lines", "picc-lines", {
  updateMethod: "PUT",
});

export const piccInfectionsApi = createResourceApi<PiccInfection, PiccInfectionValues>(
  "/api/picc-infections",
  "picc-infections",
  { updateMethod: "PUT" },
);
