import type { ModuleDescriptor } from "../../app-context";
import { medicalAllergiesRecordType } from "./allergies.record";
import { allergyRoutes } from "./allergies.routes";

/** The module of medical allergies. */
export const allergiesModule: ModuleDescriptor = {
  name: "allergies",
  routes: [allergyRoutes],
  recordTypes: [medicalAllergiesRecordType],
};
