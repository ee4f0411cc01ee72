import type { ModuleDescriptor } from "../../app-context";
import { notesRecordType } from "./notes.record";
import { noteRoutes } from "./notes.routes";

/** The module of notes. */
export const notesModule: ModuleDescriptor = {
  name: "notes",
  routes: [noteRoutes],
  recordTypes: [notesRecordType],
};
