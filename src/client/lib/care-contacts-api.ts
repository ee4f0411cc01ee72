import { createResourceApi } from "@/client/lib/resource-api";
import type { CareTeamMember } from "@/domain/care-team";
import type { InfusionCenter } from "@/domain/infusion-centers";
import type { PiccLine } from "@/domain/picc";

export type { CareTeamMember, InfusionCenter, PiccLine };

/*
 * Read-only views of the lists the fever card calls from and links to. They use the keys of the
 * screens that edit them (Care Team, the dashboard's infusion centers, PICC Lines), so the card
 * shows what those screens saved and a change there reaches the card.
 */

export const careTeamListApi = createResourceApi<CareTeamMember, never>("/api/care-team", "care-team");

export const infusionCentersListApi = createResourceApi<InfusionCenter, never, { childId?: string }>(
  "/api/infusion-centers",
  "infusion-centers",
);

export const piccLinesListApi = createResourceApi<PiccLine, never, { childId?: string }>(
  "/api/picc-lines",
  "picc-lines",
);
