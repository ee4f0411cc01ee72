import { useCallback, useState } from "react";

/** How the screen looks: as the system says (light by day, dark at night), or always one way. */
export type ThemeChoice = "system" | "light" | "dark";

/** Kept on this device only: a phone in the dark and a laptop at work may want different ones. */
export const THEME_STORAGE_KEY = "mct-theme";

export function storedThemeChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return stored === "light" || stored === "dark" ? stored : "system";
  } catch {
    return "system";
  }
}

/** Sets `<html data-theme>` as /theme.js does before the first paint. */
export function applyTheme(choice: ThemeChoice) {
  const dark =
    choice === "dark" || (choice === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.dataset.theme = dark ? "dark" : "light";
}

/** The device's theme choice, and a setter that stores and applies it at once. */
export function useThemeChoice(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const [choice, setChoice] = useState(storedThemeChoice);
  const choose = useCallback((next: ThemeChoice) => {
    try {
      if (next === "system") window.localStorage.removeItem(THEME_STORAGE_KEY);
      else window.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage blocked: the choice holds until the page is closed.
    }
    applyTheme(next);
    setChoice(next);
  }, []);
  return [choice, choose];
}
