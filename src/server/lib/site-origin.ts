import type { FastifyRequest } from "fastify";
import type { Config } from "../config";

/**
 * The address people reach this site at, for links that leave it (the identity provider's
 * redirect, a confirmation link in an email): PUBLIC_URL, else the address the request was sent to.
 */
export function siteOrigin(config: Pick<Config, "publicUrl">, request: FastifyRequest): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}
