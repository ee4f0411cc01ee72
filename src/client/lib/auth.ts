import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MouseEvent } from "react";
import type { SignedInUser } from "@/domain/signed-in-user";
import { ConnectionError, getJson } from "./api";
import { noteSessionToEnd, rememberSignedIn, sessionToEnd, signedInOnThisDevice } from "./device-sign-in";
import { followAccountTimeFormat, followAccountTimeZone } from "./family-clock";
import { markSessionExpired, sessionEndedSince, sessionEndKeepsPage } from "./session-expiry";

/** The signed-in person, as `GET /api/auth/user` answers (with `firstVisit`). */
export type AuthUser = SignedInUser;

export const authQueryKey = ["auth", "user"] as const;

/** Sign-out is a full browser navigation, not a client route (after `requestSignOut`). */
export const SIGN_OUT_HREF = "/api/logout";

const SIGN_OUT_REQUESTED = "mct-sign-out";

/**
 * Asks the signed-in app to sign out (`SignedInApp` answers): it asks first while entries wait to
 * be sent, forgets what this device keeps of the person, then ends the session (`SIGN_OUT_HREF`).
 */
export function requestSignOut(): void {
  window.dispatchEvent(new Event(SIGN_OUT_REQUESTED));
}

/** Calls `listener` when signing out is asked for. */
export function onSignOutRequested(listener: () => void): () => void {
  window.addEventListener(SIGN_OUT_REQUESTED, listener);
  return () => window.removeEventListener(SIGN_OUT_REQUESTED, listener);
}

/**
 * The click of a sign-out link (its `href` is `SIGN_OUT_HREF`): a plain click signs out through
 * `requestSignOut`; a click that opens another tab is left to the browser.
 */
export function onSignOutClick(event: MouseEvent<HTMLAnchorElement>): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  requestSignOut();
}

/**
 * Who is signed in as the server wrote it into the page (`<script id="signed-in-user">`, the same
 * answer as `GET /api/auth/user`, or null), read once: the first screen renders without waiting
 * for that call. Undefined when the page has none (served by another server, or already read).
 */
function signedInUserFromPage(): AuthUser | null | undefined {
  const element = typeof document === "undefined" ? null : document.getElementById("signed-in-user");
  if (!element) return undefined;
  element.remove();
  try {
    const user = unlessSignedOutHere(JSON.parse(element.textContent ?? "") as AuthUser | null);
    rememberSignedIn(user);
    return user;
  } catch {
    return undefined;
  }
}

/**
 * Ends the session of the person signing out on this device (`GET /api/logout` ends it on the
 * server and clears its cookie). With no connection the device remembers to end it, and does so
 * as soon as the server answers: on the next start, or when the connection comes back. Until then
 * the app opens signed out, even from a page the server sent as that person. Says whether the
 * session is over.
 */
export function endSession(user: AuthUser): Promise<boolean> {
  noteSessionToEnd(user.id);
  return endSessionLeftOpen();
}

let ending: Promise<boolean> | null = null;

/** How long signing out waits for the server before it goes on without it. */
const SIGN_OUT_WAIT_MS = 5000;

/** Ends the session noted by `endSession`, if one is; true once none is left open. */
export function endSessionLeftOpen(): Promise<boolean> {
  if (!sessionToEnd()) return Promise.resolve(true);
  ending ??= fetch(SIGN_OUT_HREF, {
    credentials: "same-origin",
    redirect: "manual",
    // A connection that hangs: signing out goes on, and the session is ended later.
    signal: AbortSignal.timeout(SIGN_OUT_WAIT_MS),
  })
    .then(
      (answer) => {
        // The server's redirect to the landing page: the session and its cookie are gone (a
        // proxy's 502 is not).
        const ended = answer.type === "opaqueredirect" || answer.ok;
        if (ended) noteSessionToEnd(null);
        return ended;
      },
      () => false,
    )
    .finally(() => {
      ending = null;
    });
  return ending;
}

/**
 * Who the server says is signed in, less the person who signed out on this device while it could
 * not reach the server: their session is ended now, and nobody is signed in. Another person (a
 * sign-in since, with its own session) is signed in, and the note is moot.
 */
function unlessSignedOutHere(user: AuthUser | null): AuthUser | null {
  const left = sessionToEnd();
  if (!left) return user;
  if (user && user.id === left) {
    void endSessionLeftOpen();
    return null;
  }
  noteSessionToEnd(null);
  return user;
}

if (typeof window !== "undefined") window.addEventListener("online", () => void endSessionLeftOpen());

/**
 * Who is signed in, as the server says; with no connection to ask, the person last signed in on
 * this device (their answers kept here open the signed-in screens). A 401 is signed out.
 */
async function signedInUser(): Promise<AuthUser | null> {
  try {
    const sentAt = performance.now();
    const user = unlessSignedOutHere(await getJson<AuthUser>("/api/auth/user", { on401: "returnNull" }));
    // Asked before the person signed in again (a slow answer): ask again, under the new session.
    if (!user && !sessionEndedSince(sentAt)) return signedInUser();
    const kept = user ? null : signedInOnThisDevice();
    if (kept && sessionEndKeepsPage()) {
      // The session ended while this person's entries wait on this device: the page stays and asks
      // to sign in again, which sends them (session-expiry.ts).
      markSessionExpired("outbox");
      return kept;
    }
    rememberSignedIn(user);
    return user;
  } catch (err) {
    const kept = err instanceof ConnectionError ? signedInOnThisDevice() : null;
    if (kept) return kept;
    throw err;
  }
}

export const authQueryOptions = queryOptions({
  queryKey: authQueryKey,
  initialData: signedInUserFromPage,
  initialDataUpdatedAt: () => Date.now(),
  // A 401 means signed out; any other failure (and no connection, with nobody signed in on this
  // device) also leaves the person on the landing page.
  queryFn: signedInUser,
  retry: false,
});

/** Who is signed in: `user` is null when signed out (or when the server could not say). */
export function useAuth() {
  const query = useQuery(authQueryOptions);
  const user = query.data ?? null;
  followAccountTimeZone(user?.timeZone);
  followAccountTimeFormat(user?.timeFormat);
  return { user, isLoading: query.isLoading, isAuthenticated: user !== null };
}

/**
 * Whose entries this device keeps (drafts, saves waiting for a connection): the person in the family
 * in use, so an entry typed for one family is never sent to, or reopened in, another.
 */
export function useDeviceOwner(): string | undefined {
  const user = useAuth().user;
  return user ? `${user.id}:${user.familyId}` : undefined;
}

/** Two letters for the avatar: first letters of the first and last name, else of the email. */
export function userInitials(user: Pick<AuthUser, "firstName" | "lastName" | "email">): string {
  const firstLetter = (text: string | null | undefined) => Array.from(text?.trim() ?? "")[0] ?? "";
  const fromNames = firstLetter(user.firstName) + firstLetter(user.lastName);
  if (fromNames) return fromNames.toUpperCase();
  // "maria.lopez@..." gives "ML"; digits and symbols are skipped ("ph-1795@..." gives "P").
  const localPart = user.email?.split("@")[0] ?? "";
  const words = localPart.split(/[^\p{L}]+/u).filter(Boolean);
  const fromEmail = firstLetter(words[0]) + firstLetter(words[1]);
  return fromEmail ? fromEmail.toUpperCase() : "?";
}

/** The name to show for the account: "First Last", else the email. */
export function userDisplayName(user: Pick<AuthUser, "firstName" | "lastName" | "email">): string {
  const name = [user.firstName, user.lastName]
    .map((n) => n?.trim())
    .filter(Boolean)
    .join(" ");
  return name || user.email || "Your account";
}
