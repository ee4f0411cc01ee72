import type { ModuleDescriptor } from "../../app-context";
import { sharedSummaryRoutes, shareLinkRoutes } from "./share-links.routes";

/** The module of the clinic's links to a child's summary. */
export const shareLinksModule: ModuleDescriptor = {
  name: "share-links",
  routes: [shareLinkRoutes],
  publicRoutes: [sharedSummaryRoutes],
};
