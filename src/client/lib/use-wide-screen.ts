import { useSyncExternalStore } from "react";

/** Tailwind's `lg` breakpoint (64rem): from there the sidebar shows, below it the bottom bar. */
const WIDE = "(min-width: 64rem)";

const query = () => (typeof window.matchMedia === "function" ? window.matchMedia(WIDE) : null);

function subscribe(changed: () => void) {
  const list = query();
  list?.addEventListener("change", changed);
  return () => list?.removeEventListener("change", changed);
}

/**
 * Whether the screen is wide enough for the sidebar. The shell renders only the navigation the
 * screen shows: the sidebar hidden by CSS on a phone was about a fifth of the first screen's
 * elements (26 links with their icons), all made and laid out for nothing.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => query()?.matches ?? true);
}
