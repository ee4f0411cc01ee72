import type { ModuleDescriptor } from "../../app-context";
import { medicationRoutes } from "./medications.routes";

/** The module of medications. */
export const medicationsModule: ModuleDescriptor = {
  name: "medications",
  routes: [medicationRoutes],
};
