import type { ModuleDescriptor } from "../../app-context";
import { medicationsRecordType } from "./medications.record";
import { medicationRoutes } from "./medications.routes";

/** The module of medications. */
export const medicationsModule: ModuleDescriptor = {
  name: "medications",
  routes: [medicationRoutes],
  recordTypes: [medicationsRecordType],
};
