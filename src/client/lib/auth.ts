import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SignedInUser } from "@/domain/signed-in-user";
import { getJson } from "./api";
import { followAccountTimeFormat, followAccountTimeZone } from "./family-clock";

/** The signed-in person, as `GET /api/auth/user` answers (with `firstVisit`). */
export type AuthUser = SignedInUser;

export const authQueryKey = ["auth", "user"] as const;

/** Sign-out is a full browser navigation, not a client route. */
export const SIGN_OUT_HREF = "/api/logout";

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
    return JSON.parse(element.textContent ?? "") as AuthUser | null;
  } catch {
    return undefined;
  }
}

export const authQueryOptions = queryOptions({
  queryKey: authQueryKey,
  initialData: signedInUserFromPage,
  initialDataUpdatedAt: () => Date.now(),
  // A 401 means signed out; any other failure also leaves the person on the landing page.
  queryFn: () => getJson<AuthUser>("/api/auth/user", { on401: "returnNull" }),
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
