import { noteInput, noteRecord } from "../../../domain/notes";
import type { ModuleRoutes } from "../../app-context";
import { registerOwnedRoutes } from "../../lib/owned-routes";
import { noteRecords } from "./notes.queries";

export const noteRoutes: ModuleRoutes = (scope, { db }) =>
  registerOwnedRoutes(scope, db, {
    path: "/api/notes",
    records: noteRecords,
    input: noteInput,
    record: noteRecord,
    updateMethods: ["PATCH"],
  });
