import type { ModuleDescriptor } from "../../app-context";
import { objectRoutes, objectServingRoutes } from "./objects.routes";
import { SWEEP_EVERY_MS, sweepUploads } from "./upload-sweep";

/** The module of uploaded photos' files. */
export const objectsModule: ModuleDescriptor = {
  name: "objects",
  routes: [objectRoutes],
  // Photos: served to their owner only, outside the API scope (they may be cached privately).
  outsideApiRoutes: [objectServingRoutes],
  housekeeping: ({ db, storage }) => [
    { name: "sweep-uploads", everyMs: SWEEP_EVERY_MS, run: (now) => sweepUploads({ db, storage }, now) },
  ],
};
