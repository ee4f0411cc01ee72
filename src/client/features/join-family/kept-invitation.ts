/**
 * An invitation's link, kept in this tab (session storage) from the moment its page opens until it
 * is used, refused or put aside: its token leaves the address bar at once (out of the history), a
 * reload still finds it, and so does the return from a sign-in on another site (OpenID Connect),
 * after which it is accepted without another tap.
 */
export interface KeptInvitation {
  token: string;
  /** The person left to sign in meaning to accept: accept on return. */
  acceptAfterSignIn: boolean;
}

export const KEPT_INVITATION_KEY = "mct.invitation";

/** A token in the address (a link just opened) wins over the one kept; else the kept one, if readable. */
export function keptInvitation(search: string, stored: string | null): KeptInvitation | null {
  const token = new URLSearchParams(search).get("token")?.trim();
  if (token) return { token, acceptAfterSignIn: false };
  if (!stored) return null;
  try {
    const value: unknown = JSON.parse(stored);
    if (
      value &&
      typeof value === "object" &&
      "token" in value &&
      typeof value.token === "string" &&
      value.token
    ) {
      return {
        token: value.token,
        acceptAfterSignIn: "acceptAfterSignIn" in value && value.acceptAfterSignIn === true,
      };
    }
  } catch {
    // Not ours, or damaged: as if nothing were kept.
  }
  return null;
}

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Reads the invitation of the address or of this tab, and keeps it (the address bar then drops it). */
export function takeInvitation(): KeptInvitation | null {
  const store = session();
  const kept = keptInvitation(window.location.search, store?.getItem(KEPT_INVITATION_KEY) ?? null);
  try {
    if (kept) store?.setItem(KEPT_INVITATION_KEY, JSON.stringify(kept));
  } catch {
    // Full or blocked storage: the page still works until it is left.
  }
  return kept;
}

/** Before leaving to sign in elsewhere: accept the invitation on return. */
export function acceptAfterSignIn(token: string): void {
  try {
    session()?.setItem(KEPT_INVITATION_KEY, JSON.stringify({ token, acceptAfterSignIn: true }));
  } catch {
    // Without storage the person accepts with one more tap on return.
  }
}

/** Once the invitation is used, refused or put aside. */
export function forgetInvitation(): void {
  try {
    session()?.removeItem(KEPT_INVITATION_KEY);
  } catch {
    // Nothing kept.
  }
}
