import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { getJson } from "./api";
import { tasksKey } from "./tasks-api";

/*
 * Keeping every screen true to what was written, here and on other members' devices.
 * - A write from this device (any mutation that succeeds, and an entry kept on the device once it
 *   arrives) reloads the tasks, wherever they show: a dose, a dressing change or a bag can make a
 *   task done, and the screen that wrote it does not know which (`recordsWritten`; query-client.ts
 *   calls it for every mutation, the one rule).
 * - Another member's write: an open page asks the family's change mark every few seconds (one
 *   indexed row, `GET /api/family/changes`); when it went up, every query shown is loaded again
 *   (`useFamilyChanges`), so the tasks and the cards beside them agree.
 */

/** How often an open page (in view) asks whether the family changed. */
export const FAMILY_CHANGES_EVERY_MS = 3000;

let known: { familyId: string; mark: number } | null = null;

const readMark = async () => (await getJson<{ mark: number }>("/api/family/changes")).mark;

/** Notes the family's mark; true when it went up since it was last seen (someone changed something). */
function noteMark(familyId: string, mark: number): boolean {
  const moved = known !== null && known.familyId === familyId && mark > known.mark;
  if (known === null || known.familyId !== familyId || mark > known.mark) known = { familyId, mark };
  return moved;
}

/**
 * After a write from this device: its own screens reload what it changed (each mutation's keys),
 * and the tasks reload everywhere. The mark its write raised is taken as seen first, so the
 * page does not load everything again for its own change; the tasks, loaded after it, hold every
 * change up to it.
 */
export async function recordsWritten(queryClient: QueryClient): Promise<void> {
  const family = known?.familyId;
  if (family) {
    try {
      noteMark(family, await readMark());
    } catch {
      // No connection: the tasks reload below fails the same way, and the next check catches up.
    }
  }
  await queryClient.invalidateQueries({ queryKey: tasksKey });
}

/**
 * While the page is in view, asks every few seconds (and when it comes back into view) whether
 * another member changed the family's records or settings, and then reloads what is shown.
 */
export function useFamilyChanges(familyId: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!familyId) return;
    let stopped = false;
    let asking = false;
    const check = async () => {
      if (asking || document.visibilityState === "hidden") return;
      asking = true;
      try {
        const mark = await readMark();
        if (!stopped && noteMark(familyId, mark)) await queryClient.invalidateQueries();
      } catch {
        // Offline, or the session ended: the next check tries again (the screens say the rest).
      } finally {
        asking = false;
      }
    };
    void check();
    const timer = window.setInterval(() => void check(), FAMILY_CHANGES_EVERY_MS);
    const onVisible = () => void check();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [familyId, queryClient]);
}
