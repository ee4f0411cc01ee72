import {
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from "@simplewebauthn/browser";
import { queryOptions } from "@tanstack/react-query";
import { getJson, requestJson } from "@/client/lib/api";
import type { AuthUser } from "@/client/lib/auth";
import type { PasskeyRecord } from "@/domain/passkeys";

export type Passkey = Omit<PasskeyRecord, "createdAt" | "lastUsedAt"> & {
  createdAt: string;
  lastUsedAt: string | null;
};

export const passkeysQueryKey = ["auth", "passkeys"] as const;

export const passkeysQueryOptions = queryOptions({
  queryKey: passkeysQueryKey,
  queryFn: () => getJson<Passkey[]>("/api/auth/passkeys"),
});

/** The browser's passkey prompt was closed, or timed out: not an error worth a red message. */
export function isPasskeyCancelled(err: unknown): boolean {
  return err instanceof Error && (err.name === "NotAllowedError" || err.name === "AbortError");
}

/** Signs in with a passkey the browser or phone holds for this site: no email typed. */
export async function signInWithPasskey(): Promise<AuthUser> {
  const optionsJSON = await requestJson<PublicKeyCredentialRequestOptionsJSON>(
    "POST",
    "/api/auth/passkeys/authentication/options",
  );
  const response = await startAuthentication({ optionsJSON });
  return requestJson<AuthUser>("POST", "/api/auth/passkeys/authentication/verify", { response });
}

/** Makes a passkey on this device for the signed-in account. */
export async function addPasskey(): Promise<Passkey> {
  const optionsJSON = await requestJson<PublicKeyCredentialCreationOptionsJSON>(
    "POST",
    "/api/auth/passkeys/registration/options",
  );
  const response = await startRegistration({ optionsJSON });
  return requestJson<Passkey>("POST", "/api/auth/passkeys/registration/verify", { response });
}

export const renamePasskey = (id: string, name: string) =>
  requestJson<Passkey>("PATCH", `/api/auth/passkeys/${id}`, { name });

export const removePasskey = (id: string) => requestJson<void>("DELETE", `/api/auth/passkeys/${id}`);
