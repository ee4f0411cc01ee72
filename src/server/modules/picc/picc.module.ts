import type { ModuleDescriptor } from "../../app-context";
import { piccInfectionsRecordType, piccLinesRecordType } from "./picc.record";
import { piccRoutes } from "./picc.routes";

/** The module of central lines and their infections. */
export const piccModule: ModuleDescriptor = {
  name: "picc",
  routes: [piccRoutes],
  recordTypes: [piccLinesRecordType, piccInfectionsRecordType],
};
