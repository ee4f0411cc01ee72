import { z } from "zod";
import { text } from "./fields";
import { timestamp } from "./records";

export { isAddressHost, passkeyAddressProblem } from "./passkey-site";

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, "Must be base64url");

/**
 * What the page can say of its device (User-Agent Client Hints, `navigator.userAgentData`), so a
 * passkey is named "Chrome on Pixel 7" rather than what a reduced user agent says.
 */
const deviceHints = z
  .object({
    platform: z.string().max(100).optional(),
    model: z.string().max(100).optional(),
    mobile: z.boolean().optional(),
  })
  .optional();

/** A browser's answer to "make a passkey" (`navigator.credentials.create`, as SimpleWebAuthn sends it). */
export const passkeyRegistrationInput = z.object({
  device: deviceHints,
  response: z.object({
    id: base64url(1400),
    rawId: base64url(1400),
    type: z.literal("public-key"),
    response: z.object({
      clientDataJSON: base64url(20_000),
      attestationObject: base64url(200_000),
      transports: z.array(z.string().max(32)).max(10).optional(),
      publicKeyAlgorithm: z.number().optional(),
      publicKey: base64url(20_000).optional(),
      authenticatorData: base64url(200_000).optional(),
    }),
    authenticatorAttachment: z.string().max(32).optional(),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  }),
});

/** A browser's answer to "sign in with a passkey" (`navigator.credentials.get`). */
export const passkeyAuthenticationInput = z.object({
  response: z.object({
    id: base64url(1400),
    rawId: base64url(1400),
    type: z.literal("public-key"),
    response: z.object({
      clientDataJSON: base64url(20_000),
      authenticatorData: base64url(200_000),
      signature: base64url(20_000),
      userHandle: base64url(1400).optional(),
    }),
    authenticatorAttachment: z.string().max(32).optional(),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  }),
});

/** Renaming a passkey in Settings. */
export const passkeyRenameInput = z.object({
  name: text({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(100, "Must be at most 100 characters"),
});
export type PasskeyRenameInput = z.input<typeof passkeyRenameInput>;

/** A passkey as Settings lists it: never its key. */
export const passkeyRecord = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: timestamp,
  lastUsedAt: timestamp.nullable(),
});
export type PasskeyRecord = z.infer<typeof passkeyRecord>;

/** WebAuthn options for the browser, passed to SimpleWebAuthn as they are. */
export const passkeyOptionsRecord = z.looseObject({ challenge: z.string() });
