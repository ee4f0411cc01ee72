import { childInput, childRecord } from "../../../domain/children";
import type { ModuleRoutes } from "../../app-context";
import { registerOwnedRoutes } from "../../lib/owned-routes";
import { childRecords } from "./children.queries";

export const childrenRoutes: ModuleRoutes = (scope, { db, storage }) =>
  registerOwnedRoutes(scope, db, {
    path: "/api/children",
    records: childRecords(storage),
    input: childInput,
    record: childRecord,
    updateMethods: ["PUT"],
  });
