import { and, desc, eq, inArray, isNull, or } from "drizzle-orm";
import { nextDueAt, scheduleInWords } from "../../../../domain/doses";
import { isMedicationActive } from "../../../../domain/medication-status";
import { TASK_KIND_TABLE } from "../../../../domain/tasks";
import { medicationDoses, medications } from "../../../db/schema/index";
import { withAuthorNames } from "../../../lib/authors";
import { inView } from "../../../lib/child-scope";
import { doseRecords, dosesSince } from "../../medication-doses/medication-doses.queries";
import { type Context, doneBy, type Part, type TaskSource } from "./source";

const kind = TASK_KIND_TABLE.dose;

/** Each active medication given on a schedule: its next dose, as its card shows it. */
async function derive(c: Context): Promise<Part[]> {
  const rows = await c.db
    .select()
    .from(medications)
    .where(
      and(
        inView(c.view, medications),
        inArray(medications.scheduleKind, ["times", "interval"]),
        c.childIds.length
          ? or(isNull(medications.childId), inArray(medications.childId, c.childIds))
          : isNull(medications.childId),
      ),
    );
  const active = rows.filter((row) => isMedicationActive(row, c.today));
  if (active.length === 0) return [];
  const latest = await withAuthorNames(
    c.db,
    await c.db
      .selectDistinctOn([medicationDoses.medicationId])
      .from(medicationDoses)
      .where(
        and(
          eq(medicationDoses.familyId, c.view.familyId),
          inArray(
            medicationDoses.medicationId,
            active.map((row) => row.id),
          ),
        ),
      )
      .orderBy(medicationDoses.medicationId, desc(medicationDoses.givenAt), desc(medicationDoses.createdAt)),
  );
  return active.flatMap((row): Part[] => {
    const last = latest.find((dose) => dose.medicationId === row.id) ?? null;
    const dueAt = nextDueAt(row, last, dosesSince(row, c.now, c.timeZone), c.now, c.timeZone);
    if (!dueAt) return [];
    return [
      {
        id: `dose:${row.id}`,
        kind: "dose",
        childId: row.childId,
        subjectId: row.id,
        title: kind.title(row),
        detail: kind.detail({ route: row.route, schedule: scheduleInWords(row, c.timeFormat) }),
        dueAt,
        lastDone: last ? doneBy(last.givenAt, last) : null,
      },
    ];
  });
}

export const doseSource: TaskSource = {
  derive,
  /** A dose given now (a dose too soon after the last is the doses' 409, unless `confirm`). */
  async done(ctx, task, { now, body, claim }) {
    await doseRecords.create(
      ctx,
      {
        medicationId: task.subjectId,
        givenAt: now,
        status: "given",
        notes: body.notes,
        ...(body.confirm ? { confirm: true } : {}),
      } as Parameters<typeof doseRecords.create>[1],
      claim,
    );
  },
};
