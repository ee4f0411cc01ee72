import { foodDiaryEntryInput, foodDiaryEntryRecord } from "../../../domain/food-diary";
import type { ModuleRoutes } from "../../app-context";
import { registerOwnedRoutes } from "../../lib/owned-routes";
import { foodDiaryRecords } from "./food-diary.queries";

export const foodDiaryRoutes: ModuleRoutes = (scope, { db }) =>
  registerOwnedRoutes(scope, db, {
    path: "/api/food-diary",
    records: foodDiaryRecords,
    input: foodDiaryEntryInput,
    record: foodDiaryEntryRecord,
    updateMethods: ["PATCH"],
  });
