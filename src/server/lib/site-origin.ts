import { isIP } from "node:net";
import type { FastifyRequest } from "fastify";
import type { Config } from "../config";
import { badRequest } from "./errors";

/** What a Host header may be: a name or IPv4 address, or an IPv6 address in brackets, and a port. */
const PLAIN_HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::(\d{1,5}))?$/i;

export const NOT_A_PLAIN_HOST = "The request's Host is not a host name with a port.";

/**
 * The origin `protocol://host` of a request, from its Host header (or a trusted proxy's
 * X-Forwarded-Host): undefined unless the header is a plain `host[:port]` that a URL reads back as
 * exactly that host. Anything else could make a link open another site than the one checked:
 * `127.0.0.1:3960@evil.example` is a link to evil.example, and `127.1` or `2130706433` are other
 * spellings of an address. The scheme must be http or https.
 */
export function requestOrigin(request: Pick<FastifyRequest, "host" | "protocol">): URL | undefined {
  const { host, protocol } = request;
  if (protocol !== "http" && protocol !== "https") return undefined;
  const parts = host ? PLAIN_HOST.exec(host) : null;
  if (!parts) return undefined;
  const [, name = "", port] = parts;
  if (port !== undefined && !(Number(port) >= 1 && Number(port) <= 65535)) return undefined;
  let url: URL;
  try {
    url = new URL(`${protocol}://${host}`);
  } catch {
    return undefined;
  }
  if (url.hostname !== name.toLowerCase()) return undefined;
  if (name.startsWith("[") && isIP(name.slice(1, -1)) !== 6) return undefined;
  return url;
}

/**
 * The address people reach this site at, for what goes back to the person asking (the identity
 * provider's redirect, a passkey's relying party, a clinic link shown to its maker): PUBLIC_URL,
 * else the origin the request was sent to. A Host that is not a plain host[:port] never gets this
 * far (plugins/security.ts answers 400); should it, the answer is the same 400.
 */
export function siteOrigin(config: Pick<Config, "publicUrl">, request: FastifyRequest): string {
  if (config.publicUrl) return config.publicUrl;
  const origin = requestOrigin(request);
  if (!origin) throw badRequest(NOT_A_PLAIN_HOST);
  return origin.origin;
}

/**
 * The address of every link sent away from the app (a password reset, an email confirmation, an
 * invitation, a reminder's Done and Snooze), or undefined when there is none to trust. Whoever
 * opens such a link hands its token to the site it names, so the site must be this one:
 * PUBLIC_URL, else the request's parsed origin, and only when its host names this machine or a
 * home network (loopback, a private address, a name without a dot, .local, .lan, .home.arpa,
 * .internal), where a self-hosted server without PUBLIC_URL is at home. A stranger asking for a
 * reset of someone else's account with `Host: evil.example` would otherwise have the account's
 * owner mailed a working link to the stranger's site ("reset poisoning"). A public name needs
 * PUBLIC_URL. Without a request (a reminder sent by a job), PUBLIC_URL alone.
 */
export function linkOrigin(
  config: Pick<Config, "publicUrl">,
  request?: Pick<FastifyRequest, "host" | "protocol">,
): string | undefined {
  if (config.publicUrl) return config.publicUrl;
  const origin = request ? requestOrigin(request) : undefined;
  return origin && isHomeHost(origin.hostname) ? origin.origin : undefined;
}

const HOME_SUFFIXES = [".local", ".lan", ".home.arpa", ".internal", ".localhost"];

/** Whether a host name (without port) can only be reached from this machine or a home network. */
export function isHomeHost(host: string): boolean {
  const name = host
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
  if (name === "localhost") return true;
  const family = isIP(name);
  if (family === 4) {
    const [a = 0, b = 0] = name.split(".").map(Number);
    // RFC 1918 private ranges, loopback (RFC 1122) and link-local (RFC 3927).
    return (
      a === 10 ||
      a === 127 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254)
    );
  }
  if (family === 6) {
    // Loopback, unique local fc00::/7 (RFC 4193) and link-local fe80::/10.
    return name === "::1" || /^f[cd]/.test(name) || /^fe[89ab]/.test(name);
  }
  if (!name || !/^[a-z0-9.-]+$/.test(name)) return false;
  return !name.includes(".") || HOME_SUFFIXES.some((suffix) => name.endsWith(suffix));
}
