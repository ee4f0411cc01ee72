import type { ModuleDescriptor } from "../../app-context";
import { infusionCentersRecordType } from "./infusion-centers.record";
import { infusionCenterRoutes } from "./infusion-centers.routes";

/** The module of infusion centers. */
export const infusionCentersModule: ModuleDescriptor = {
  name: "infusion-centers",
  routes: [infusionCenterRoutes],
  recordTypes: [infusionCentersRecordType],
};
