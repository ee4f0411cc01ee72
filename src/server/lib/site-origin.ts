import { isIP } from "node:net";
import type { FastifyRequest } from "fastify";
import type { Config } from "../config";

/**
 * The address people reach this site at, for links that leave it (the identity provider's
 * redirect, a confirmation link in an email): PUBLIC_URL, else the address the request was sent to.
 */
export function siteOrigin(config: Pick<Config, "publicUrl">, request: FastifyRequest): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}

/**
 * The address for a link that hands a secret to whoever opens it (a password reset), or undefined
 * when there is none to trust. Without PUBLIC_URL the request's Host is all there is, and anybody
 * can set it: a stranger asking for a reset of someone else's account with `Host: evil.example`
 * would have the account's owner mailed a working link to the stranger's site ("reset poisoning").
 * So the Host is used only when it names this machine or a home network (loopback, a private
 * address, a name without a dot, .local, .lan, .home.arpa, .internal), where a self-hosted server
 * without PUBLIC_URL is at home; a public name needs PUBLIC_URL.
 */
export function secretLinkOrigin(
  config: Pick<Config, "publicUrl">,
  request: FastifyRequest,
): string | undefined {
  if (config.publicUrl) return config.publicUrl;
  return isHomeHost(request.hostname) ? siteOrigin(config, request) : undefined;
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
