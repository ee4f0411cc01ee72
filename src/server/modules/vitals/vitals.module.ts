import type { ModuleDescriptor } from "../../app-context";
import { vitalsRecordType } from "./vitals.record";
import { vitalRoutes } from "./vitals.routes";

/** The module of vitals. */
export const vitalsModule: ModuleDescriptor = {
  name: "vitals",
  routes: [vitalRoutes],
  recordTypes: [vitalsRecordType],
};
