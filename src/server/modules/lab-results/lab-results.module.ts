import type { ModuleDescriptor } from "../../app-context";
import { labResultsRecordType } from "./lab-results.record";
import { labResultRoutes } from "./lab-results.routes";

/** The module of lab results with numbers. */
export const labResultsModule: ModuleDescriptor = {
  name: "lab-results",
  routes: [labResultRoutes],
  recordTypes: [labResultsRecordType],
};
