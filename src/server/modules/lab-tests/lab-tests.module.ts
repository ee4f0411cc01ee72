import type { ModuleDescriptor } from "../../app-context";
import { labTestsRecordType } from "./lab-tests.record";
import { labTestRoutes } from "./lab-tests.routes";

/** The module of lab tests. */
export const labTestsModule: ModuleDescriptor = {
  name: "lab-tests",
  routes: [labTestRoutes],
  recordTypes: [labTestsRecordType],
};
