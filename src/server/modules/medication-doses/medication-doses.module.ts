import type { ModuleDescriptor } from "../../app-context";
import { medicationDosesRecordType } from "./medication-doses.record";
import { medicationDoseRoutes } from "./medication-doses.routes";

/** The module of medication doses given. */
export const medicationDosesModule: ModuleDescriptor = {
  name: "medication-doses",
  routes: [medicationDoseRoutes],
  recordTypes: [medicationDosesRecordType],
};
