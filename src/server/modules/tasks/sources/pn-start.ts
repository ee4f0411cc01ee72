import { desc, lte } from "drizzle-orm";
import { currentOccurrence, dailyAt, dayTaskAt, TASK_KIND_TABLE } from "../../../../domain/tasks";
import { formatTimeOfDay } from "../../../../domain/time-format";
import { tpnEntries } from "../../../db/schema/index";
import { latestPerChild, pnInForce } from "./shared.queries";
import { type Context, doneBy, type Part, type TaskSource } from "./source";

const kind = TASK_KIND_TABLE["pn-start"];

/**
 * The PN infusion not started by the family's latest start time (`pnLatestStartTime`), for each
 * child with a prescription in force: due at that time each evening until a TPN entry of that day
 * is logged, or Done says it started. Urgent: every caregiver is told at once.
 */
async function derive(c: Context): Promise<Part[]> {
  const latest = c.settings.pnLatestStartTime;
  if (!latest || c.childIds.length === 0) return [];
  const versions = await pnInForce(c.db, c.view.familyId, c.childIds, c.today);
  if (versions.length === 0) return [];
  const childIds = [...new Set(versions.map((v) => v.childId))];
  const entries = await latestPerChild(
    c.db,
    c.view.familyId,
    tpnEntries,
    childIds,
    [lte(tpnEntries.date, c.today)],
    [desc(tpnEntries.date)],
  );
  return childIds.flatMap((childId): Part[] => {
    const version = versions.find((v) => v.childId === childId)!;
    const occurrences = dailyAt(latest, 0, version.startDate, c.timeZone);
    const entry = entries.find((e) => e.childId === childId);
    const event = c.eventOf("pn-start", { childId });
    // The last start on or after an occurrence's day answers it: a TPN entry of that day, or a Done.
    const startedFor = [
      entry ? dayTaskAt(entry.date, c.timeZone, latest) : null,
      event?.forDueAt ?? null,
    ].reduce<Date | null>((a, b) => (b && (!a || b > a) ? b : a), null);
    const lastDone =
      event && (!entry || event.doneAt >= entry.createdAt)
        ? doneBy(event.doneAt, event)
        : entry
          ? doneBy(entry.createdAt, entry)
          : null;
    return [
      {
        id: `pn-start:${childId}`,
        kind: "pn-start",
        childId,
        subjectId: childId,
        title: kind.title(),
        detail: kind.detail({ latest: formatTimeOfDay(latest, c.timeFormat) }),
        dueAt: currentOccurrence(occurrences, startedFor, c.now),
        lastDone,
        urgent: true,
      },
    ];
  });
}

export const pnStartSource: TaskSource = { derive };
