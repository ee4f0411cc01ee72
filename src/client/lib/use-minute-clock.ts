import { useEffect, useState } from "react";

/**
 * The time now, moved on every minute, so "due in 3 hours" or "Next due 20:00 today" stays true
 * on a screen left open.
 */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
