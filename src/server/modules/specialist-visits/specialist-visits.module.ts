import type { ModuleDescriptor } from "../../app-context";
import { specialistVisitsRecordType } from "./specialist-visits.record";
import { specialistVisitRoutes } from "./specialist-visits.routes";

/** The module of specialist visits. */
export const specialistVisitsModule: ModuleDescriptor = {
  name: "specialist-visits",
  routes: [specialistVisitRoutes],
  recordTypes: [specialistVisitsRecordType],
};
