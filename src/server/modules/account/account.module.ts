import type { ModuleDescriptor } from "../../app-context";
import { accountRoutes } from "./account.routes";

/** The module of the person's account. */
export const accountModule: ModuleDescriptor = {
  name: "account",
  routes: [accountRoutes],
};
