/**
 * The last signed-in answer this device had (`GET /api/auth/user`), kept in local storage so the
 * app can start without a connection: who was signed in here, their family, its clock and unit.
 * It names no record. A 401 or signing out forgets it; another person signing in replaces it.
 */
import type { SignedInUser } from "@/domain/signed-in-user";

const KEY = "mct-signed-in";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Remembers the answer (a person) or forgets it (null: signed out). */
export function rememberSignedIn(user: SignedInUser | null): void {
  try {
    if (user) storage()?.setItem(KEY, JSON.stringify(user));
    else storage()?.removeItem(KEY);
  } catch {
    // A full or refused storage: the app then needs the connection to start, as before.
  }
}

/** The person last signed in on this device, while nobody signed out since. */
export function signedInOnThisDevice(): SignedInUser | null {
  try {
    const text = storage()?.getItem(KEY);
    const user: unknown = text ? JSON.parse(text) : null;
    return user && typeof user === "object" && "id" in user && "familyId" in user
      ? (user as SignedInUser)
      : null;
  } catch {
    return null;
  }
}

const SESSION_TO_END = "mct-session-to-end";

/**
 * Whose session this device signed out of without reaching the server (a person's id), or null:
 * the session's cookie is still in the browser, and the server would open the app as that person
 * again once the connection is back, until the session is ended (`endSessionLeftOpen` in auth.ts).
 */
export function sessionToEnd(): string | null {
  try {
    return storage()?.getItem(SESSION_TO_END) ?? null;
  } catch {
    return null;
  }
}

/** Notes that `userId`'s session on this device is to be ended, or (null) that none is. */
export function noteSessionToEnd(userId: string | null): void {
  try {
    if (userId) storage()?.setItem(SESSION_TO_END, userId);
    else storage()?.removeItem(SESSION_TO_END);
  } catch {
    // A full or refused storage: signing out then needs the connection, as before.
  }
}
