import { and, eq, gte, lte, sql, sum } from "drizzle-orm";
import { addDays } from "../../../domain/dates";
import { PRESCRIPTION_OF_ANOTHER_CHILD, tpnAmountIssues } from "../../../domain/tpn";
import type { TpnDay } from "../../../domain/trends";
import type { Db, Tx } from "../../db/client";
import { pnPrescriptions, tpnEntries } from "../../db/schema/index";
import { type FamilyView, inView } from "../../lib/child-scope";
import { invalidRecord } from "../../lib/errors";
import { ownedRecords, type RowOf } from "../../lib/owned-records";
import { prescriptionChild } from "../pn-prescriptions/pn-prescriptions.queries";
import { recordType } from "../record-types";
import { drawKit, moveKitDraw, undoKitDraw, withKitDraws } from "../supplies/supplies.queries";

type TpnRow = RowOf<typeof tpnEntries>;

/** TPN entries always belong to one child: a child's list holds only its own. */
export const tpnRecords = ownedRecords({
  ...recordType("tpnEntries"),
  paged: {},
  summary: (row) => `TPN entry for ${row.date}`,
  rule: tpnAmountIssues,
  references: [{ field: "pnPrescriptionId", table: pnPrescriptions, label: "Prescription" }],
  // What the bag's kit drew from the supplies.
  extend: withKitDraws("tpnEntryId") as (
    tx: Tx,
    familyId: string,
    rows: readonly TpnRow[],
  ) => Promise<TpnRow[]>,
  hooks: {
    // Deleting the bag gives its kit back.
    beforeDelete: (ctx, id) => undoKitDraw(ctx, { tpnEntryId: id }),
    async inTransaction(ctx, { action, before, after }) {
      // Tonight's bag draws the bag kit from stock with it, once (an edit draws nothing, and a
      // corrected date moves what it drew to that day).
      if (action === "create" && after) await drawKit(ctx, "pn-bag", { tpnEntryId: after.id }, after.date);
      if (action === "update" && after && before && before.date !== after.date)
        await moveKitDraw(ctx, { tpnEntryId: after.id }, after.date);
      // The bag followed a prescription of the same child (another family's is a 404, as any link).
      if (!after?.pnPrescriptionId) return;
      const childId = await prescriptionChild(ctx.tx, ctx.familyId, after.pnPrescriptionId);
      if (childId !== after.childId) {
        throw invalidRecord([{ path: "pnPrescriptionId", message: PRESCRIPTION_OF_ANOTHER_CHILD }]);
      }
    },
  },
});

/** One child's amounts per day over the `days` ending `today` (a day with two bags sums them). */
export async function tpnByDay(
  db: Db,
  view: FamilyView,
  childId: string,
  today: string,
  days: number,
): Promise<TpnDay[]> {
  const rows = await db
    .select({
      date: tpnEntries.date,
      calories: sum(tpnEntries.calories),
      protein: sum(tpnEntries.protein),
      carbohydrates: sum(tpnEntries.carbohydrates),
      fat: sum(tpnEntries.fat),
      volume: sum(tpnEntries.volume),
    })
    .from(tpnEntries)
    .where(
      and(
        inView(view, tpnEntries),
        eq(tpnEntries.childId, childId),
        gte(tpnEntries.date, addDays(today, -(days - 1))),
        lte(tpnEntries.date, today),
      ),
    )
    .groupBy(tpnEntries.date)
    .orderBy(sql`${tpnEntries.date}`);
  const number = (value: string | null) => (value === null ? null : Number(value));
  return rows.map((row) => ({
    date: row.date,
    calories: number(row.calories),
    protein: number(row.protein),
    carbohydrates: number(row.carbohydrates),
    fat: number(row.fat),
    volume: number(row.volume),
  }));
}
