import type { FastifyInstance, InjectOptions } from "fastify";
import { expect } from "vitest";
import type { ApiTokenInput, CreatedApiToken } from "../../src/domain/api-tokens";
import { type TestUser, uniqueAddress } from "./test-app";

/** The person makes a personal API token for the family they use (read and write unless told). */
export async function makeToken(
  user: TestUser,
  input: Partial<ApiTokenInput> = {},
): Promise<CreatedApiToken> {
  const response = await user.post("/api/api-tokens", { name: "Home Assistant", mode: "write", ...input });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/**
 * A program sending a token as `Authorization: Bearer`, from an address of its own (wrong tokens
 * are counted per address, with the sign-ins), with no cookie unless `cookie` is given.
 */
export function tokenClient(
  app: FastifyInstance,
  token: string,
  options: { address?: string; cookie?: string; headers?: Record<string, string> } = {},
) {
  const address = options.address ?? uniqueAddress();
  const send = (method: InjectOptions["method"], url: string, body?: unknown) =>
    app.inject({
      method,
      url,
      remoteAddress: address,
      headers: {
        authorization: `Bearer ${token}`,
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...options.headers,
      },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  return {
    address,
    get: (url: string) => send("GET", url),
    post: (url: string, body?: unknown) => send("POST", url, body),
    patch: (url: string, body?: unknown) => send("PATCH", url, body),
    put: (url: string, body?: unknown) => send("PUT", url, body),
    delete: (url: string) => send("DELETE", url),
  };
}
export type TokenClient = ReturnType<typeof tokenClient>;
