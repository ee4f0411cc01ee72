import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { lastCoveringDraw, nextDueDate } from "../../../domain/lab-panels";
import { LAB_TEST_OF_ANOTHER_CHILD } from "../../../domain/lab-results";
import type { Db, Tx } from "../../db/client";
import { labPanels, labResults, labTests } from "../../db/schema/index";
import { invalidRecord } from "../../lib/errors";
import { ownedRecords, type RowOf } from "../../lib/owned-records";
import { labTestChild } from "../lab-tests/lab-tests.queries";
import { recordType } from "../record-types";

/**
 * A child's lab results with numbers, newest first. The lab test a result belongs to is the
 * family's (another family's is a 404, as any link) and the same child's, or one for no child.
 */
export const labResultRecords = ownedRecords({
  ...recordType("labResults"),
  summary: (row) => `${row.analytes.length} analyte${row.analytes.length === 1 ? "" : "s"} on ${row.date}`,
  references: [{ field: "labTestId", table: labTests, label: "Lab test" }],
  hooks: {
    async inTransaction(ctx, { after }) {
      if (!after?.labTestId) return;
      const childId = await labTestChild(ctx.tx, ctx.familyId, after.labTestId);
      if (childId && childId !== after.childId) {
        throw invalidRecord([{ path: "labTestId", message: LAB_TEST_OF_ANOTHER_CHILD }]);
      }
    },
  },
});

type PanelRow = RowOf<typeof labPanels>;

/** Results read at a time by `withPanelSchedule`: a few months of a weekly schedule's draws. */
const RESULTS_AT_A_TIME = 50;

/**
 * Each panel with where it stands: the date of the latest result of its child that holds every one
 * of its analytes (`lastDrawn`), and its next due date from there (`nextDue`: src/domain/lab-panels.ts).
 */
export async function withPanelSchedule<
  R extends Pick<PanelRow, "childId" | "analytes" | "firstDue" | "every" | "unit">,
>(
  db: Db | Tx,
  familyId: string,
  rows: readonly R[],
  resultsAtATime = RESULTS_AT_A_TIME,
): Promise<(R & { lastDrawn: string | null; nextDue: string })[]> {
  const lastDrawn = new Map<number, string>();
  // Newest first, a page at a time, until every panel has found the latest result that covers
  // it: the first page that holds one holds the latest, and a schedule kept for years reads the
  // last few weeks, not every result since.
  let waiting = rows.map((_, i) => i);
  for (let offset = 0; waiting.length > 0; offset += resultsAtATime) {
    const childIds = [...new Set(waiting.map((i) => rows[i]!.childId))];
    const page = await db
      .select({ childId: labResults.childId, date: labResults.date, analytes: labResults.analytes })
      .from(labResults)
      .where(and(eq(labResults.familyId, familyId), inArray(labResults.childId, childIds)))
      .orderBy(desc(labResults.date), desc(labResults.id))
      .limit(resultsAtATime)
      .offset(offset);
    for (const i of waiting) {
      const row = rows[i]!;
      const found = lastCoveringDraw(
        row,
        page.filter((r) => r.childId === row.childId),
      );
      if (found) lastDrawn.set(i, found);
    }
    waiting = waiting.filter((i) => !lastDrawn.has(i));
    if (page.length < resultsAtATime) break;
  }
  return rows.map((row, i) => {
    const last = lastDrawn.get(i) ?? null;
    return { ...row, lastDrawn: last, nextDue: nextDueDate(row, last) };
  });
}

/** A child's lab schedule: its panels in the order they were added, each with its next due date. */
export const labPanelRecords = ownedRecords({
  ...recordType("labPanels"),
  orderBy: [asc(labPanels.createdAt), asc(labPanels.id)],
  summary: (row) => row.name,
  extend: withPanelSchedule as never,
});
