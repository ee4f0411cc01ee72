import { noteInput, noteRecord } from "../../../domain/notes";
import type { ModuleRoutes } from "../../app-context";
import { notes } from "../../db/schema/index";
import { ownedRecords } from "../../lib/owned-records";
import { registerOwnedRoutes } from "../../lib/owned-routes";

export const noteRecords = ownedRecords({
  entity: "note",
  paged: {},
  table: notes,
  childScope: "withUnlinked",
  summary: (row) => row.title,
});

export const noteRoutes: ModuleRoutes = (scope, { db }) =>
  registerOwnedRoutes(scope, db, {
    path: "/api/notes",
    records: noteRecords,
    input: noteInput,
    record: noteRecord,
    updateMethods: ["PATCH"],
  });
