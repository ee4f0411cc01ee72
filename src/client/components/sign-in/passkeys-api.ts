import {
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from "@simplewebauthn/browser";
import { queryOptions } from "@tanstack/react-query";
import { getJson, requestJson } from "@/client/lib/api";
import { isAddressHost, passkeyAddressProblem } from "@/domain/passkey-site";
import type { PasskeyRecord } from "@/domain/passkeys";
import type { SignInAnswer } from "./sign-in-answer";

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

/**
 * The browser refused this site as a passkey's site: at a bare address ("127.0.0.1 is an invalid
 * domain"), say to open it by its name; else say which name the passkeys belong to.
 */
function explainSite<T>(rpId: string | undefined) {
  return (err: unknown): T => {
    if (
      err instanceof WebAuthnError &&
      (err.code === "ERROR_INVALID_DOMAIN" || err.code === "ERROR_INVALID_RP_ID")
    ) {
      const here = window.location;
      throw new Error(
        isAddressHost(here.hostname)
          ? passkeyAddressProblem(here)
          : `Passkeys work at ${rpId ?? "this server's name"} only: open this site there to use one.`,
      );
    }
    throw err;
  };
}

/**
 * What the browser says of its device (User-Agent Client Hints, where the browser has them): the
 * model of a phone ("Pixel 7") that a reduced user agent hides, so the passkey is named by it.
 */
async function deviceHints(): Promise<{ platform?: string; model?: string; mobile?: boolean } | undefined> {
  const data = (
    navigator as Navigator & {
      userAgentData?: {
        mobile: boolean;
        getHighEntropyValues(hints: string[]): Promise<{ platform?: string; model?: string }>;
      };
    }
  ).userAgentData;
  if (!data) return undefined;
  try {
    const { platform, model } = await data.getHighEntropyValues(["platform", "model"]);
    return { platform, model, mobile: data.mobile };
  } catch {
    return undefined;
  }
}

/**
 * Signs in with a passkey the browser or phone holds for this site: no email typed. A passkey that
 * did not check who holds it, on an account with two factors, answers that the code comes next.
 */
export async function signInWithPasskey(): Promise<SignInAnswer> {
  const optionsJSON = await requestJson<PublicKeyCredentialRequestOptionsJSON>(
    "POST",
    "/api/auth/passkeys/authentication/options",
  );
  const response = await startAuthentication({ optionsJSON }).catch(explainSite<never>(optionsJSON.rpId));
  return requestJson<SignInAnswer>("POST", "/api/auth/passkeys/authentication/verify", { response });
}

/** Makes a passkey on this device for the signed-in account. */
export async function addPasskey(): Promise<Passkey> {
  const optionsJSON = await requestJson<PublicKeyCredentialCreationOptionsJSON>(
    "POST",
    "/api/auth/passkeys/registration/options",
  );
  const response = await startRegistration({ optionsJSON }).catch(explainSite<never>(optionsJSON.rp.id));
  const device = await deviceHints();
  return requestJson<Passkey>("POST", "/api/auth/passkeys/registration/verify", {
    response,
    ...(device ? { device } : {}),
  });
}

export const renamePasskey = (id: string, name: string) =>
  requestJson<Passkey>("PATCH", `/api/auth/passkeys/${id}`, { name });

export const removePasskey = (id: string) => requestJson<void>("DELETE", `/api/auth/passkeys/${id}`);
