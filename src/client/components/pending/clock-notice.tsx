import { Clock } from "lucide-react";
import { useState, useSyncExternalStore } from "react";
import { Button } from "@/client/components/ui/button";
import { CLOCK_CHANGED, deviceClockOffset } from "@/client/lib/api";
import { clockIsOff, clockOffText } from "@/client/lib/device-clock";

const DISMISSED = "mct-clock-notice-dismissed";

function dismissedThisSession(): boolean {
  try {
    return window.sessionStorage.getItem(DISMISSED) === "1";
  } catch {
    return false;
  }
}

function onClockChange(listener: () => void) {
  window.addEventListener(CLOCK_CHANGED, listener);
  return () => window.removeEventListener(CLOCK_CHANGED, listener);
}

/**
 * Says that this device's clock is off from the server's (the `Date` of its answers) by more than
 * 5 minutes: the date and time a form fills in from "now" come from it, so they would be wrong.
 * Dismissed, it stays away for the rest of the session.
 */
export function ClockNotice() {
  const offset = useSyncExternalStore(onClockChange, deviceClockOffset);
  const [dismissed, setDismissed] = useState(dismissedThisSession);
  if (dismissed || !clockIsOff(offset)) return null;
  const dismiss = () => {
    try {
      window.sessionStorage.setItem(DISMISSED, "1");
    } catch {
      // Without session storage it is dismissed for this page only.
    }
    setDismissed(true);
  };
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-lg border border-amber-500 bg-amber-50 px-4 py-3 text-amber-950 text-sm shadow-lg print:hidden"
    >
      <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="flex-1">
        <p className="font-semibold">{clockOffText(offset)}</p>
        <p>The date and time a form fills in from now come from this phone: check them before saving.</p>
      </div>
      <Button variant="outline" size="sm" onClick={dismiss}>
        OK
      </Button>
    </div>
  );
}
