import type { ModuleDescriptor } from "../../app-context";
import { foodDiaryEntriesRecordType } from "./food-diary.record";
import { foodDiaryRoutes } from "./food-diary.routes";

/** The module of the food diary. */
export const foodDiaryModule: ModuleDescriptor = {
  name: "food-diary",
  routes: [foodDiaryRoutes],
  recordTypes: [foodDiaryEntriesRecordType],
};
