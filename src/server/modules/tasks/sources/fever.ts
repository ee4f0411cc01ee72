import { and, eq, inArray, lte } from "drizzle-orm";
import { instantOf } from "../../../../domain/clock";
import { HOUR, TASK_KIND_TABLE } from "../../../../domain/tasks";
import { formatTimeOfDay } from "../../../../domain/time-format";
import { DEFAULT_FEVER_THRESHOLD_C, formatTemperature, isFever } from "../../../../domain/vitals";
import { families, piccLines, vitals } from "../../../db/schema/index";
import { latestPerChild } from "./shared.queries";
import { type Context, doneBy, type Part, type TaskSource } from "./source";
import { newestVital } from "./weighing";

const kind = TASK_KIND_TABLE.fever;

/** How long a fever with a line stays a task when nothing newer is logged: two days. */
const FEVER_STALE_MS = 48 * HOUR;

/**
 * A temperature at or above the family's fever threshold while the child has a central line in
 * place, with no lower reading after it and not yet answered: the fever card's "call the team now"
 * (src/domain/vitals.ts: compared and said in the family's unit), due at the reading. Urgent:
 * every caregiver is told at once.
 */
async function derive(c: Context): Promise<Part[]> {
  if (c.childIds.length === 0) return [];
  const [family] = await c.db
    .select({ threshold: families.feverThresholdC, unit: families.temperatureUnit })
    .from(families)
    .where(eq(families.id, c.view.familyId));
  const latest = await latestPerChild(
    c.db,
    c.view.familyId,
    vitals,
    c.childIds,
    [eq(vitals.kind, "temperature"), lte(vitals.date, c.today)],
    newestVital,
  );
  const threshold = family?.threshold ?? DEFAULT_FEVER_THRESHOLD_C;
  const unit = family?.unit ?? "C";
  const fevers = latest.filter((reading) => isFever(reading.value, threshold, unit));
  if (fevers.length === 0) return [];
  const lines = await c.db
    .select({
      childId: piccLines.childId,
      insertionDate: piccLines.insertionDate,
      removalDate: piccLines.removalDate,
    })
    .from(piccLines)
    .where(
      and(
        eq(piccLines.familyId, c.view.familyId),
        inArray(
          piccLines.childId,
          fevers.map((f) => f.childId),
        ),
      ),
    );
  return fevers.flatMap((reading): Part[] => {
    const withLine = lines.some(
      (line) =>
        line.childId === reading.childId &&
        line.insertionDate <= reading.date &&
        (!line.removalDate || line.removalDate >= reading.date),
    );
    if (!withLine) return [];
    const at = reading.time ? instantOf(reading.date, reading.time, c.timeZone) : reading.createdAt;
    if (c.now.getTime() - at.getTime() > FEVER_STALE_MS) return [];
    const answered = c.eventOf("fever", { childId: reading.childId });
    if (answered && answered.forDueAt >= at) return [];
    return [
      {
        id: `fever:${reading.childId}`,
        kind: "fever",
        childId: reading.childId,
        subjectId: reading.childId,
        title: kind.title(),
        detail: kind.detail({
          temperature: formatTemperature(reading.value, unit),
          time: reading.time ? formatTimeOfDay(reading.time, c.timeFormat) : null,
          by: reading.createdByName,
        }),
        dueAt: at,
        lastDone: answered ? doneBy(answered.doneAt, answered) : null,
        urgent: true,
      },
    ];
  });
}

export const feverSource: TaskSource = { derive };
