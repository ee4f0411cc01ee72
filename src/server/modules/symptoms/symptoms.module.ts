import type { ModuleDescriptor } from "../../app-context";
import { symptomRoutes } from "./symptoms.routes";

/** The module of symptoms and pain. */
export const symptomsModule: ModuleDescriptor = {
  name: "symptoms",
  routes: [symptomRoutes],
};
