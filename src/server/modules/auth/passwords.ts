import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import type { PasswordHasher } from "../../lib/password-hasher";

/** scrypt's cost parameters; every hash records its own, so they can change without breaking sign-in. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * N=2^15, r=8, p=1: about 32 MiB and tens of milliseconds per hash (OWASP's minimum is N=2^17 with
 * r=8 at 128 MiB; 2^15 keeps sign-in quick on small home servers while staying memory-hard).
 */
export const PRODUCTION_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, { N, r, p }: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export type { PasswordHasher };

/** Password hashing with scrypt at `cost` (tests use a cheap one; production the default). */
export function createPasswordHasher(cost: ScryptCost = PRODUCTION_COST): PasswordHasher {
  let decoy: Promise<string> | undefined;
  const hash = async (password: string) => {
    const salt = randomBytes(16);
    const key = await derive(password, salt, cost);
    return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")].join(
      "$",
    );
  };
  return {
    hash,
    async verify(password, stored) {
      const [scheme, n, r, p, salt, expected] = stored.split("$");
      if (scheme !== "scrypt" || !n || !r || !p || !salt || !expected) return false;
      const wanted = Buffer.from(expected, "base64url");
      const key = await derive(password, Buffer.from(salt, "base64url"), {
        N: Number(n),
        r: Number(r),
        p: Number(p),
      });
      return key.length === wanted.length && timingSafeEqual(key, wanted);
    },
    decoy() {
      decoy ??= hash(randomBytes(16).toString("hex"));
      return decoy;
    },
  };
}
