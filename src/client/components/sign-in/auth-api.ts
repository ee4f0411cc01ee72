import { queryOptions } from "@tanstack/react-query";
import { getJson, requestJson } from "@/client/lib/api";
import type { AuthUser } from "@/client/lib/auth";
import type { AuthConfig, LoginInput, RegisterInput } from "@/domain/auth";
import { hourCycleFormat } from "@/domain/time-format";
import { deviceTimeZone } from "@/domain/time-zones";

export type { AuthConfig };

export const authConfigQueryOptions = queryOptions({
  queryKey: ["auth", "config"],
  queryFn: () => getJson<AuthConfig>("/api/auth/config"),
});

export function login(input: LoginInput): Promise<AuthUser> {
  return requestJson<AuthUser>("POST", "/api/auth/login", input);
}

export function register(input: RegisterInput): Promise<AuthUser> {
  // The family's clock starts in this browser's zone (changeable in Settings).
  return requestJson<AuthUser>("POST", "/api/auth/register", {
    ...input,
    timeZone: deviceTimeZone(),
    timeFormat: hourCycleFormat(),
  });
}
