import type { ModuleDescriptor } from "../../app-context";
import { apiTokenRoutes } from "./api-tokens.routes";

/**
 * The module of personal API tokens: their routes. How a request sent with one is checked is given
 * to the sessions by the app (`createBearerCheck`, ./bearer.ts).
 */
export const apiTokensModule: ModuleDescriptor = {
  name: "api-tokens",
  routes: [apiTokenRoutes],
};
