import { useEffect, useState } from "react";
import { INFECTION_START_PARAMS, readInfectionStart } from "@/client/lib/infection-start";

/** The new infection's values an address may start the form with (see lib/infection-start.ts). */
export type InfectionStartValues = ReturnType<typeof readInfectionStart>["values"];

/**
 * What the address asks of this screen (`?tab=infections&add=1&lineId=...&date=...`), read once as
 * it opens; the parameters are then taken out of the address, so a reload shows the screen as usual.
 */
export function useInfectionStart() {
  const [start] = useState(() => readInfectionStart(window.location.search));
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (!INFECTION_START_PARAMS.some((name) => params.has(name))) return;
    for (const name of INFECTION_START_PARAMS) params.delete(name);
    const search = params.toString();
    window.history.replaceState(
      window.history.state,
      "",
      `${window.location.pathname}${search ? `?${search}` : ""}`,
    );
  }, []);
  return start;
}
