import { queryOptions } from "@tanstack/react-query";
import { getJson, requestJson } from "@/client/lib/api";
import type { AuthUser } from "@/client/lib/auth";
import type { LoginInput, RegisterInput } from "@/domain/auth";

/** How this server signs people in: local accounts (with or without sign-up) or OpenID Connect. */
export interface AuthConfig {
  mode: "local" | "oidc";
  allowSignup: boolean;
}

export const authConfigQueryOptions = queryOptions({
  queryKey: ["auth", "config"],
  queryFn: () => getJson<AuthConfig>("/api/auth/config"),
});

export function login(input: LoginInput): Promise<AuthUser> {
  return requestJson<AuthUser>("POST", "/api/auth/login", input);
}

export function register(input: RegisterInput): Promise<AuthUser> {
  return requestJson<AuthUser>("POST", "/api/auth/register", input);
}
