import type { ModuleDescriptor } from "../../app-context";
import { childrenRecordType } from "./children.record";
import { childrenRoutes } from "./children.routes";

/** The module of the children. */
export const childrenModule: ModuleDescriptor = {
  name: "children",
  routes: [childrenRoutes],
  recordTypes: [childrenRecordType],
};
