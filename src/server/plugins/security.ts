import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import type { Config } from "../config";
import { bearerCredential } from "../lib/bearer";
import { badRequest, forbidden } from "../lib/errors";
import { NOT_A_PLAIN_HOST, requestOrigin } from "../lib/site-origin";

const unsafeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function hostname(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}

/**
 * Security headers with a strict Content-Security-Policy, and the defence against cross-site
 * writes: the session cookie is SameSite=Lax, and a state-changing request whose Origin is not
 * this site's is refused (unless it is sent with a personal API token, which reads no cookie).
 */
/**
 * Where the browser may send an upload besides this server: the S3 endpoint, when photos go
 * straight to a bucket on presigned URLs.
 */
function uploadOrigins(config: Config): string[] {
  if (!config.s3) return [];
  if (config.s3.endpoint) return [new URL(config.s3.endpoint).origin];
  const { bucket, region } = config.s3;
  return [`https://${bucket}.s3.${region}.amazonaws.com`, `https://s3.${region}.amazonaws.com`];
}

export async function registerSecurity(app: FastifyInstance, config: Config) {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...uploadOrigins(config)],
        // The app's service worker (/sw.js) and manifest, from this site only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
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
  // The same headers on every answer, computed once (helmet would parse its policy per request).
  app.addHook("onRequest", async (_request, reply) => {
    reply.headers(headers);
  });

  // Links and the Origin check below read the request's Host: it must be a plain host[:port], or
  // `127.0.0.1:3960@evil.example` names one host to a check and another to a browser.
  app.addHook("onRequest", async (request) => {
    if (request.host && !requestOrigin(request)) throw badRequest(NOT_A_PLAIN_HOST);
  });

  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : undefined;
  app.addHook("onRequest", async (request) => {
    if (!unsafeMethods.has(request.method)) return;
    // A personal API token's request reads no cookie (plugins/session.ts): nothing of a browser's
    // sign-in can be borrowed by another site through it, and a page cannot send the header to
    // another site without the CORS permission this server never gives.
    if (bearerCredential(request) !== undefined) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers["sec-fetch-site"];
    if (fetchSite === "cross-site") throw forbidden("Cross-site requests are not allowed");
    if (!origin) return;
    // Compare host names only: behind a TLS-terminating proxy the server sees plain http on another
    // port, and cookies are shared across the ports of a host anyway.
    const originHost = hostname(origin);
    if ((!originHost || originHost !== hostname(`http://${request.host}`)) && origin !== publicOrigin)
      throw forbidden("Cross-site requests are not allowed");
  });
}

/** The headers helmet sets with these options, read once from a stand-in response. */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}
