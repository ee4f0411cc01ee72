/**
 * Why the last session ended, as the server put it in the `session_ended` cookie when it found
 * the session over: `idle-<minutes>` or `absolute` (24 hours after signing in).
 */
export function sessionEndedReason(cookies = typeof document === "undefined" ? "" : document.cookie) {
  const value = /(?:^|;\s*)session_ended=([^;]*)/.exec(cookies)?.[1];
  if (!value) return undefined;
  if (value === "absolute")
    return "You were signed out 24 hours after signing in, to keep your records private.";
  const minutes = Number(/^idle-(\d+)$/.exec(value)?.[1]);
  if (!Number.isFinite(minutes) || minutes <= 0) return undefined;
  return `You were signed out after ${duration(minutes)} without use, to keep your records private.`;
}

function duration(minutes: number) {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? "1 hour" : `${hours} hours`;
  }
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** Forgets the reason once the landing page has shown it, so later visits do not repeat it. */
export function forgetSessionEndedReason() {
  // biome-ignore lint/suspicious/noDocumentCookie: the server's readable cookie, removed as it was set
  document.cookie = "session_ended=; Max-Age=0; Path=/; SameSite=Lax";
}
