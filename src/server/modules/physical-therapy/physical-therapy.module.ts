import type { ModuleDescriptor } from "../../app-context";
import { physicalTherapySessionsRecordType } from "./physical-therapy.record";
import { physicalTherapyRoutes } from "./physical-therapy.routes";

/** The module of physical therapy sessions. */
export const physicalTherapyModule: ModuleDescriptor = {
  name: "physical-therapy",
  routes: [physicalTherapyRoutes],
  recordTypes: [physicalTherapySessionsRecordType],
};
