import type { ModuleDescriptor } from "../../app-context";
import { authPublicRoutes, authRoutes } from "./auth.routes";
import { pruneEmailConfirmations } from "./email-confirmation.queries";
import { pruneFailures } from "./login-limit.queries";
import { passkeyPublicRoutes, passkeyRoutes } from "./passkeys.routes";
import { passwordPublicRoutes, passwordRoutes } from "./password.routes";
import { prunePasswordResets } from "./password-reset";
import { sessionRoutes } from "./sessions.routes";
import { twoFactorPublicRoutes, twoFactorRoutes } from "./two-factor.routes";

const MINUTE = 60 * 1000;

/**
 * The module of signing in: passwords, passkeys, two factors, OpenID Connect, confirmations,
 * signed-in devices.
 */
export const authModule: ModuleDescriptor = {
  name: "auth",
  routes: [authRoutes, passwordRoutes, passkeyRoutes, twoFactorRoutes, sessionRoutes],
  publicRoutes: [authPublicRoutes, passwordPublicRoutes, passkeyPublicRoutes, twoFactorPublicRoutes],
  housekeeping: ({ db }) => [
    { name: "prune-sign-in-failures", everyMs: 15 * MINUTE, run: (now) => pruneFailures(db, now) },
    {
      name: "prune-email-confirmations",
      everyMs: 15 * MINUTE,
      run: (now) => pruneEmailConfirmations(db, now),
    },
    { name: "prune-password-resets", everyMs: 15 * MINUTE, run: (now) => prunePasswordResets(db, now) },
  ],
};
