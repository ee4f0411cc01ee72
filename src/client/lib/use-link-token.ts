import { useEffect, useState } from "react";

/**
 * The token of a link opened from an email (`?token=...`), read once; the address bar then drops
 * it, so it stays out of the history.
 */
export function useLinkToken(): string | null {
  const [token] = useState(() => new URLSearchParams(window.location.search).get("token"));
  useEffect(() => {
    if (window.location.search)
      window.history.replaceState(window.history.state, "", window.location.pathname);
  }, []);
  return token;
}
