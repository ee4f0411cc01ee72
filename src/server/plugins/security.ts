import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
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
  const plainHosts = rememberedPlainHosts();
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
  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : undefined;
  // One hook for the three checks, in this order, without a promise of its own: it runs on every
  // request, and each async hook cost a request a few microseconds.
  app.addHook("onRequest", (request, reply, done) => {
    // The same headers on every answer, computed once (helmet would parse its policy per request).
    reply.headers(headers);
    // Links and the Origin check below read the request's Host: it must be a plain host[:port], or
    // `127.0.0.1:3960@evil.example` names one host to a check and another to a browser.
    if (request.host && !plainHosts.isPlain(request)) return done(badRequest(NOT_A_PLAIN_HOST));
    if (!unsafeMethods.has(request.method)) return done();
    // A personal API token's request reads no cookie (plugins/session.ts): nothing of a browser's
    // sign-in can be borrowed by another site through it, and a page cannot send the header to
    // another site without the CORS permission this server never gives.
    if (bearerCredential(request) !== undefined) return done();
    const origin = request.headers.origin;
    const fetchSite = request.headers["sec-fetch-site"];
    if (fetchSite === "cross-site") return done(forbidden("Cross-site requests are not allowed"));
    if (!origin) return done();
    // Compare host names only: behind a TLS-terminating proxy the server sees plain http on another
    // port, and cookies are shared across the ports of a host anyway.
    const originHost = hostname(origin);
    if ((!originHost || originHost !== hostname(`http://${request.host}`)) && origin !== publicOrigin)
      return done(forbidden("Cross-site requests are not allowed"));
    done();
  });
}

/** Hosts (with their scheme) already read, and whether each is a plain host[:port]. */
const PLAIN_HOSTS_KEPT = 1000;

/**
 * Whether a request's Host is a plain host[:port] (`requestOrigin`), remembered by scheme and Host:
 * the answer depends on nothing else, and reading the Host as a URL on every request cost about a
 * hundredth of a short list's time. At most `PLAIN_HOSTS_KEPT` are remembered (then forgotten all
 * at once), so a stream of made-up Hosts cannot grow memory.
 */
function rememberedPlainHosts() {
  const known = new Map<string, boolean>();
  return {
    isPlain(request: Pick<FastifyRequest, "host" | "protocol">): boolean {
      const key = `${request.protocol}://${request.host}`;
      let plain = known.get(key);
      if (plain === undefined) {
        plain = requestOrigin(request) !== undefined;
        if (known.size >= PLAIN_HOSTS_KEPT) known.clear();
        known.set(key, plain);
      }
      return plain;
    },
  };
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
