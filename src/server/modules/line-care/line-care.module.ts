import type { ModuleDescriptor } from "../../app-context";
import { lineCareRecordType } from "./line-care.record";
import { lineCareRoutes } from "./line-care.routes";

/** The module of line care. */
export const lineCareModule: ModuleDescriptor = {
  name: "line-care",
  routes: [lineCareRoutes],
  recordTypes: [lineCareRecordType],
};
