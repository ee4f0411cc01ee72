/** How passwords are hashed and checked (modules/auth/passwords.ts makes the scrypt one). */
export interface PasswordHasher {
  /** Hashes a password as `scrypt$N$r$p$salt$hash` (base64url parts). */
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** A hash to compare against when the account does not exist, so timing does not tell. */
  decoy(): Promise<string>;
}
