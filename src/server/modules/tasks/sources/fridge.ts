import { desc, isNotNull } from "drizzle-orm";
import { currentOccurrence, dailyAt, HOUR, TASK_KIND_TABLE } from "../../../../domain/tasks";
import { formatTimeOfDay } from "../../../../domain/time-format";
import { tpnEntries } from "../../../db/schema/index";
import { latestPerChild, pnInForce } from "./shared.queries";
import { type Context, doneBy, type Part, type TaskSource } from "./source";

const kind = TASK_KIND_TABLE["fridge-out"];

/**
 * Each child on a PN prescription today: the bag out of the fridge, the family's hours before the
 * usual start (the family's setting, else the start time of the child's last TPN entry with one).
 */
async function derive(c: Context): Promise<Part[]> {
  if (c.childIds.length === 0) return [];
  const versions = await pnInForce(c.db, c.view.familyId, c.childIds, c.today);
  if (versions.length === 0) return [];
  const starts = c.settings.pnStartTime
    ? []
    : await latestPerChild(
        c.db,
        c.view.familyId,
        tpnEntries,
        versions.map((v) => v.childId),
        [isNotNull(tpnEntries.startTime)],
        [desc(tpnEntries.date)],
      );
  const hours = c.settings.fridgeOutHours;
  return versions.flatMap((version): Part[] => {
    const start =
      c.settings.pnStartTime ?? starts.find((s) => s.childId === version.childId)?.startTime ?? null;
    if (!start) return [];
    const done = c.eventOf("fridge-out", { childId: version.childId });
    const occurrences = dailyAt(start, hours * HOUR, version.startDate, c.timeZone);
    return [
      {
        id: `fridge-out:${version.childId}`,
        kind: "fridge-out",
        childId: version.childId,
        subjectId: version.childId,
        title: kind.title(),
        detail: kind.detail({ hours, start: formatTimeOfDay(start, c.timeFormat) }),
        dueAt: currentOccurrence(occurrences, done?.forDueAt ?? null, c.now),
        lastDone: done ? doneBy(done.doneAt, done) : null,
      },
    ];
  });
}

export const fridgeSource: TaskSource = { derive };
