import type { ModuleDescriptor } from "../../app-context";
import { labPanelsRecordType, labResultsRecordType } from "./lab-results.record";
import { labPanelRoutes, labResultRoutes } from "./lab-results.routes";

/** The module of lab results with numbers, and the lab schedule's panels they answer. */
export const labResultsModule: ModuleDescriptor = {
  name: "lab-results",
  routes: [labResultRoutes, labPanelRoutes],
  recordTypes: [labResultsRecordType, labPanelsRecordType],
};
