import { createDecipheriv, createECDH, createPublicKey, type ECDH, hkdfSync, verify } from "node:crypto";

/**
 * The browser's side of Web Push, written from the RFCs with node:crypto only (no web-push code),
 * so a test can tell whether what the server sends is what a browser would accept.
 */

const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const fromB64u = (text: string) => Buffer.from(text, "base64url");
const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync("sha256", ikm, salt, info, length));

/** A browser's subscription keys: a P-256 key pair and a 16-byte authentication secret (RFC 8291 section 2). */
export interface ReceiverKeys {
  ecdh: ECDH;
  auth: Buffer;
  /** As `PushSubscription.toJSON().keys` gives them. */
  json: { p256dh: string; auth: string };
}

export function receiverKeys(privateKey?: Buffer, auth?: Buffer): ReceiverKeys {
  const ecdh = createECDH("prime256v1");
  if (privateKey) ecdh.setPrivateKey(privateKey);
  else ecdh.generateKeys();
  const secret = auth ?? Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(16)));
  return { ecdh, auth: secret, json: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(secret) } };
}

/**
 * Decrypts an aes128gcm message (RFC 8188 section 2) encrypted to `keys` (RFC 8291 section 3.4):
 * the header's key id is the sender's ephemeral public key; the input keying material comes from
 * the ECDH secret and the authentication secret; each record is AES-128-GCM with its own nonce and
 * ends with its padding delimiter (2 for the last record, 1 before).
 */
export function decryptAes128gcm(body: Buffer, keys: ReceiverKeys): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  if (idLength !== 65) throw new Error(`the key id is ${idLength} bytes, not a P-256 public key`);
  const secret = keys.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), keys.ecdh.getPublicKey(), senderPublic]);
  const ikm = hkdf(secret, keys.auth, keyInfo, 32);
  const cek = hkdf(ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const baseNonce = hkdf(ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12);

  const records = body.subarray(21 + idLength);
  const parts: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < records.length; offset += recordSize, sequence += 1) {
    const record = records.subarray(offset, Math.min(offset + recordSize, records.length));
    const nonce = Buffer.from(baseNonce);
    // The record's sequence number, XORed into the nonce's last bytes (a few records: 32 bits hold it).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
    const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end -= 1;
    const last = offset + recordSize >= records.length;
    if (plain[end] !== (last ? 2 : 1)) throw new Error("a record's padding delimiter is wrong");
    parts.push(plain.subarray(0, end));
  }
  return Buffer.concat(parts);
}

/** The parts of a VAPID Authorization header (RFC 8292 section 3): `vapid t=<JWT>, k=<public key>`. */
export function parseVapidHeader(header: string | undefined): { token: string; key: string } | undefined {
  const match = /^vapid\s+(.+)$/i.exec(header ?? "");
  if (!match) return undefined;
  const params = Object.fromEntries(
    match[1]!.split(",").map((part) => {
      const [name, ...value] = part.trim().split("=");
      return [name!.toLowerCase(), value.join("=")];
    }),
  );
  return params.t && params.k ? { token: params.t, key: params.k } : undefined;
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * Checks a VAPID JWT as a push service does (RFC 8292 section 2): ES256 (ECDSA on P-256 with
 * SHA-256, the signature as r || s) by the public key `k`, the audience the push service's
 * origin, an expiry in the future and within 24 hours of `now`, and a contact in `sub`. Answers
 * the claims, or throws saying what is wrong.
 */
export function verifyVapidToken(token: string, key: string, audience: string, now: Date): VapidClaims {
  const [header, payload, signature] = token.split(".");
  if (!header || !payload || !signature) throw new Error("the token is not a JWT");
  const { alg } = JSON.parse(fromB64u(header).toString("utf8")) as { alg?: string };
  if (alg !== "ES256") throw new Error(`the token is signed with ${alg}, not ES256`);
  const point = fromB64u(key);
  if (point.length !== 65 || point[0] !== 4) throw new Error("k is not an uncompressed P-256 point");
  const publicKey = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${payload}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    fromB64u(signature),
  );
  if (!signed) throw new Error("the signature does not match k");
  const claims = JSON.parse(fromB64u(payload).toString("utf8")) as VapidClaims;
  if (claims.aud !== audience) throw new Error(`aud is ${claims.aud}, not ${audience}`);
  const seconds = now.getTime() / 1000;
  if (!(claims.exp > seconds)) throw new Error("the token has expired");
  if (claims.exp > seconds + 24 * 60 * 60) throw new Error("the token lives longer than 24 hours");
  if (!/^(mailto:|https:)/.test(claims.sub ?? "")) throw new Error(`sub is ${claims.sub}`);
  return claims;
}
