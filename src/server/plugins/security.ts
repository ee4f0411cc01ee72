import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import { forbidden } from "../lib/errors";

const unsafeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Security headers with a strict Content-Security-Policy, and the defence against cross-site
 * writes: the session cookie is SameSite=Lax, and a state-changing request whose Origin is not
 * this site's is refused.
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.publicUrl?.startsWith("https:") ? [] : null,
      },
    },
    strictTransportSecurity: config.publicUrl?.startsWith("https:") ? { maxAge: 15552000 } : false,
    crossOriginEmbedderPolicy: false,
  });

  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : undefined;
  app.addHook("onRequest", async (request) => {
    if (!unsafeMethods.has(request.method)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers["sec-fetch-site"];
    if (fetchSite === "cross-site") throw forbidden("Cross-site requests are not allowed");
    if (!origin) return;
    const sameHost = origin === `${request.protocol}://${request.host}`;
    if (!sameHost && origin !== publicOrigin) throw forbidden("Cross-site requests are not allowed");
  });
}
