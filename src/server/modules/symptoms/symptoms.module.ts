import type { ModuleDescriptor } from "../../app-context";
import { symptomEntriesRecordType } from "./symptoms.record";
import { symptomRoutes } from "./symptoms.routes";

/** The module of symptoms and pain. */
export const symptomsModule: ModuleDescriptor = {
  name: "symptoms",
  routes: [symptomRoutes],
  recordTypes: [symptomEntriesRecordType],
};
