/**
 * What this device offers to install the app, for the dashboard's banner and Settings: the
 * browser's own question (Chromium, `beforeinstallprompt`), the steps of Safari's Share menu on an
 * iPhone or iPad, or nothing to do (installed, or a browser that installs from its own menu).
 */
import { useState, useSyncExternalStore } from "react";
import { installPrompt } from "@/client/lib/app-signals";
import { isIos, isStandalone } from "@/client/lib/device";

export type InstallOfferKind = "installed" | "prompt" | "ios" | "browser-menu";

/** Which offer a device gets: pure, from what the browser says. */
export function installOfferKind(device: {
  standalone: boolean;
  ios: boolean;
  prompt: boolean;
}): InstallOfferKind {
  if (device.standalone) return "installed";
  if (device.prompt) return "prompt";
  return device.ios ? "ios" : "browser-menu";
}

export function useInstallOffer() {
  const offer = useSyncExternalStore(installPrompt.subscribe, installPrompt.get);
  const kind: InstallOfferKind =
    offer === "installed"
      ? "installed"
      : installOfferKind({ standalone: isStandalone(), ios: isIos(), prompt: offer !== null });
  /** Shows the browser's install question (once: the browser may offer again later). */
  const install = async () => {
    if (!offer || offer === "installed") return;
    installPrompt.set(null);
    await offer.prompt();
  };
  return { kind, install };
}

const DISMISSED_KEY = "mct-install-offer-dismissed";

/** The dashboard's offer, once put aside with "Not now", stays away on this device (Settings keeps it). */
export function useInstallBannerDismissed(): [boolean, () => void] {
  const [dismissed, setDismissed] = useState(() => {
    try {
      return localStorage.getItem(DISMISSED_KEY) !== null;
    } catch {
      return false;
    }
  });
  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, new Date().toISOString());
    } catch {
      // Storage blocked: put aside until the page is loaded again.
    }
    setDismissed(true);
  };
  return [dismissed, dismiss];
}
