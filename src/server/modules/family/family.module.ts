import type { ModuleDescriptor } from "../../app-context";
import { familyRoutes, invitationPublicRoutes } from "./family.routes";

/** The module of the family, its members and invitations. */
export const familyModule: ModuleDescriptor = {
  name: "family",
  routes: [familyRoutes],
  publicRoutes: [invitationPublicRoutes],
};
