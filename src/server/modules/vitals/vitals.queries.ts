import { and, eq, inArray } from "drizzle-orm";
import {
  DEFAULT_FEVER_THRESHOLD_C,
  isFever,
  VITAL_KINDS,
  VITAL_LABELS,
  VITAL_UNITS,
  vitalIssues,
} from "../../../domain/vitals";
import type { Tx } from "../../db/client";
import { families, piccLines, vitals } from "../../db/schema/index";
import { ownedRecords, type RowOf } from "../../lib/owned-records";
import { recordType } from "../record-types";

type VitalRow = RowOf<typeof vitals>;

/**
 * Marks each temperature at or above the family's fever threshold taken on a day its child had a
 * central line in place (`feverWithLine`): the fever card opens for it. Both are compared as the
 * family reads them, in its unit to a tenth (`isFever`). One read of the family's settings and one
 * of the children's lines for a page of rows.
 */
export async function withFeverFlags(tx: Tx, familyId: string, rows: readonly VitalRow[]) {
  const temperatures = rows.filter((row) => row.kind === "temperature");
  if (temperatures.length === 0) return rows.map((row) => ({ ...row, feverWithLine: false }));
  const [family] = await tx
    .select({ threshold: families.feverThresholdC, unit: families.temperatureUnit })
    .from(families)
    .where(eq(families.id, familyId));
  const childIds = [...new Set(temperatures.map((row) => row.childId))];
  const lines = await tx
    .select({
      childId: piccLines.childId,
      insertionDate: piccLines.insertionDate,
      removalDate: piccLines.removalDate,
    })
    .from(piccLines)
    .where(and(eq(piccLines.familyId, familyId), inArray(piccLines.childId, childIds)));
  const threshold = family?.threshold ?? DEFAULT_FEVER_THRESHOLD_C;
  const unit = family?.unit ?? "C";
  const lineInOn = (childId: string, date: string) =>
    lines.some(
      (line) =>
        line.childId === childId &&
        line.insertionDate <= date &&
        (!line.removalDate || line.removalDate >= date),
    );
  return rows.map((row) => ({
    ...row,
    feverWithLine:
      row.kind === "temperature" && isFever(row.value, threshold, unit) && lineInOn(row.childId, row.date),
  }));
}

/**
 * A child's vitals, newest first, in pages; `?kind=` narrows to one kind (a chart of weights). Each
 * value is checked against its kind's plausible range, on a create and on the stored result of a
 * change.
 */
export const vitalRecords = ownedRecords({
  ...recordType("vitals"),
  paged: {},
  listFilters: { kind: { column: vitals.kind, values: VITAL_KINDS } },
  summary: (row) => `${VITAL_LABELS[row.kind]} ${row.value} ${VITAL_UNITS[row.kind]}`,
  rule: vitalIssues,
  extend: withFeverFlags as (tx: Tx, familyId: string, rows: readonly VitalRow[]) => Promise<VitalRow[]>,
});
