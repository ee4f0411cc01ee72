import { DEFAULT_NEXT, safeNextPath } from "@/domain/next-path";

/**
 * Where to go once signed in: the `next` of the address (`/?signin=1&next=...`), else the screen
 * whose address was opened signed out (a deep link, a tapped "Log now" form), else the dashboard.
 * Only ever a path of this site.
 */
export function nextAfterSignIn(location: Pick<Location, "pathname" | "search"> = window.location): string {
  const params = new URLSearchParams(location.search);
  if (params.has("next")) return safeNextPath(params.get("next"));
  if (location.pathname !== "/" && location.pathname !== "/reset-password") {
    return safeNextPath(`${location.pathname}${location.search}`);
  }
  return DEFAULT_NEXT;
}

/** The server's sign-in start, carrying where to go afterwards. */
export function loginHref(next = nextAfterSignIn()): string {
  return next === DEFAULT_NEXT ? "/api/login" : `/api/login?next=${encodeURIComponent(next)}`;
}
