import type { ModuleDescriptor } from "../../app-context";
import { noteRoutes } from "./notes.routes";

/** The module of notes. */
export const notesModule: ModuleDescriptor = {
  name: "notes",
  routes: [noteRoutes],
};
