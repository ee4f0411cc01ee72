import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A software passkey authenticator for API tests: an ES256 key from node:crypto, answering
 * SimpleWebAuthn's registration options with attestation "none" and its authentication options
 * with a signed assertion, as a browser would send them (WebAuthn Level 3, sections 6.1 and 6.5).
 */
export interface SoftPasskey {
  /** The credential id, base64url. */
  id: string;
  /** The answer to registration options (`navigator.credentials.create`). */
  register(options: { challenge: string; rp: { id?: string }; user: { id: string } }): RegistrationJson;
  /**
   * The answer to authentication options (`navigator.credentials.get`); `verified: false` for an
   * authenticator that did not check who holds it (a security key without a PIN).
   */
  authenticate(
    options: { challenge: string; rpId?: string },
    how?: { verified?: boolean },
  ): AuthenticationJson;
}

export interface RegistrationJson {
  id: string;
  rawId: string;
  type: "public-key";
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
  clientExtensionResults: Record<string, never>;
}

export interface AuthenticationJson {
  id: string;
  rawId: string;
  type: "public-key";
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string };
  clientExtensionResults: Record<string, never>;
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

/** User present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: "jwk" });
  const key = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, Buffer.from(jwk.x!, "base64url")],
    [-3, Buffer.from(jwk.y!, "base64url")],
  ]);
  return isoCBOR.encode(key);
}

/** A new passkey for the site at `origin`. */
export function createSoftPasskey(origin: string): SoftPasskey {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const credentialId = randomBytes(32);
  const id = b64url(credentialId);
  let counter = 0;
  let userHandle: string | undefined;
  const rpIdOf = (rpId: string | undefined) => rpId ?? new URL(origin).hostname;
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const counterBytes = () => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(counter);
    return bytes;
  };

  return {
    id,
    register(options) {
      userHandle = options.user.id;
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        sha256(rpIdOf(options.rp.id)),
        Buffer.from([UP | UV | AT]),
        counterBytes(),
        Buffer.alloc(16), // aaguid: none
        idLength,
        credentialId,
        coseKey(publicKey),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, never> | Uint8Array>([
          ["fmt", "none"],
          ["attStmt", new Map<string, never>()],
          ["authData", authData],
        ]),
      );
      return {
        id,
        rawId: id,
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientData("webauthn.create", options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
      };
    },
    authenticate(options, how = {}) {
      counter += 1;
      const flags = how.verified === false ? UP : UP | UV;
      const authData = Buffer.concat([sha256(rpIdOf(options.rpId)), Buffer.from([flags]), counterBytes()]);
      const clientDataJSON = clientData("webauthn.get", options.challenge);
      const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), privateKey);
      return {
        id,
        rawId: id,
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          ...(userHandle ? { userHandle } : {}),
        },
        clientExtensionResults: {},
      };
    },
  };
}
