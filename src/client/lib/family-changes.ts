import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { FamilyChanges } from "@/domain/family";
import { getJson } from "./api";
import { type AuthUser, authQueryKey } from "./auth";
import { accessChangeText, type Place, placeChanged } from "./family-texts";
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
 * - Another member changing this person's place in the family: the same answer says their role and
 *   children in the family the page shows, or that they are no longer in it. Made a viewer or
 *   limited to some children, the page takes their new place (the write buttons go, the other
 *   children's records go) and says so; removed, it says they are no longer in the family instead
 *   of showing its children (`app/no-longer-in-family.tsx`). A save refused as forbidden or not
 *   found asks at once (`familyAccessMayHaveChanged`), not at the next round.
 */

/** How often an open page (in view) asks whether the family changed. */
export const FAMILY_CHANGES_EVERY_MS = 3000;

let known: { familyId: string; mark: number } | null = null;

const askChanges = (familyId: string) =>
  getJson<FamilyChanges>(`/api/family/changes?familyId=${encodeURIComponent(familyId)}`);
const readMark = async (familyId: string) => (await askChanges(familyId)).mark;

/** The open page's check, to run at once when a save suggests the person's access changed. */
let checkNow: (() => void) | null = null;

/** A save was refused as forbidden or not found: the person's place in the family may have changed. */
export function familyAccessMayHaveChanged(): void {
  checkNow?.();
}

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
      noteMark(family, await readMark(family));
    } catch {
      // No connection: the tasks reload below fails the same way, and the next check catches up.
    }
  }
  await queryClient.invalidateQueries({ queryKey: tasksKey });
}

const isAuthUserKey = (key: readonly unknown[]) => key[0] === authQueryKey[0] && key[1] === authQueryKey[1];

/** The page's person in the family it shows, as its latest check found them. */
export interface FamilyAccess {
  /** They are no longer in the family the page shows (removed by its owner). */
  removed: boolean;
  /** What another member changed of their role or children, in words, until they dismiss it. */
  notice: string | null;
  dismissNotice(): void;
}

/**
 * While the page is in view, asks every few seconds (and when it comes back into view) whether
 * another member changed the family's records or settings, and then reloads what is shown; and
 * whether the person's own place in the family changed, and then shows their new place and says so.
 */
export function useFamilyChanges(user: AuthUser): FamilyAccess {
  const queryClient = useQueryClient();
  const familyId = user.familyId;
  // The person's place as the page last learned it (the signed-in answer may be reloaded meanwhile).
  const place = useRef<Place>(user);
  const [removedFrom, setRemovedFrom] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ familyId: string; text: string } | null>(null);

  useEffect(() => {
    let stopped = false;
    let asking = false;
    let removed = false;
    const known = queryClient.getQueryData<AuthUser>(authQueryKey);
    if (known?.familyId === familyId) place.current = { role: known.role, childIds: known.childIds };

    /** Takes the person's new place: the signed-in answer again, every list reloaded. */
    const takeNewPlace = async (before: Place) => {
      const after = await getJson<AuthUser>("/api/auth/user");
      // Another process may still hold the old place for half a second: the next round tries again.
      if (stopped || after.familyId !== familyId || !placeChanged(before, after)) return;
      place.current = { role: after.role, childIds: after.childIds };
      queryClient.setQueryData(authQueryKey, after);
      await queryClient.invalidateQueries({ predicate: (query) => !isAuthUserKey(query.queryKey) });
      // The children they now see, by name (the lists reloading meanwhile are the screens').
      const children = after.childIds
        ? await getJson<{ name: string }[]>("/api/children").catch(() => [])
        : null;
      if (stopped) return;
      const seen = children ? children.map((child) => child.name) : null;
      setNotice({ familyId, text: accessChangeText(before, after, after.familyName, seen) });
    };

    const check = async () => {
      if (asking || removed || document.visibilityState === "hidden") return;
      asking = true;
      try {
        const answer = await askChanges(familyId);
        if (stopped) return;
        if (!answer.membership) {
          // Nothing more of this family is asked for; the page says why.
          removed = true;
          await queryClient.cancelQueries();
          setRemovedFrom(familyId);
          return;
        }
        const before = place.current;
        if (placeChanged(before, answer.membership)) {
          noteMark(familyId, answer.mark);
          await takeNewPlace(before);
          return;
        }
        if (noteMark(familyId, answer.mark)) await queryClient.invalidateQueries();
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
    checkNow = () => void check();
    return () => {
      stopped = true;
      checkNow = null;
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [familyId, queryClient]);

  const dismissNotice = useCallback(() => setNotice(null), []);
  return {
    removed: removedFrom === familyId,
    notice: notice?.familyId === familyId ? notice.text : null,
    dismissNotice,
  };
}
