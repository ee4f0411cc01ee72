import { queryOptions } from "@tanstack/react-query";
import { getJson, requestJson } from "@/client/lib/api";
import type { AuthUser } from "@/client/lib/auth";
import type { AuthConfig, LoginInput, RegisterInput } from "@/domain/auth";
import { hourCycleFormat } from "@/domain/time-format";
import { deviceTimeZone } from "@/domain/time-zones";
import type { SignInAnswer } from "./sign-in-answer";

export type { AuthConfig };

export const authConfigQueryOptions = queryOptions({
  queryKey: ["auth", "config"],
  queryFn: () => getJson<AuthConfig>("/api/auth/config"),
});

export function login(input: LoginInput): Promise<SignInAnswer> {
  return requestJson<SignInAnswer>("POST", "/api/auth/login", input);
}

/** The sign-in's second step: a code from the app or a recovery code. */
export function signInWithCode(code: string): Promise<AuthUser> {
  return requestJson<AuthUser>("POST", "/api/auth/login/two-factor", { code });
}

export function register(input: RegisterInput): Promise<AuthUser> {
  // The family's clock starts in this browser's zone (changeable in Settings).
  return requestJson<AuthUser>("POST", "/api/auth/register", {
    ...input,
    timeZone: deviceTimeZone(),
    timeFormat: hourCycleFormat(),
  });
}
