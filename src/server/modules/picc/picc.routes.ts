import { piccInfectionInput, piccInfectionRecord, piccLineInput, piccLineRecord } from "../../../domain/picc";
import type { ModuleRoutes } from "../../app-context";
import { registerOwnedRoutes } from "../../lib/owned-routes";
import { piccInfectionRecords, piccLineRecords } from "./picc.queries";

export const piccRoutes: ModuleRoutes = (scope, { db }) => {
  registerOwnedRoutes(scope, db, {
    path: "/api/picc-lines",
    records: piccLineRecords,
    input: piccLineInput,
    record: piccLineRecord,
    updateMethods: ["PUT"],
  });
  registerOwnedRoutes(scope, db, {
    path: "/api/picc-infections",
    records: piccInfectionRecords,
    input: piccInfectionInput,
    record: piccInfectionRecord,
    updateMethods: ["PUT"],
  });
};
