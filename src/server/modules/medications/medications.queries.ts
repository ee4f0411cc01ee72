import { medicationIssues } from "../../../domain/medications";
import type { Tx } from "../../db/client";
import type { medications } from "../../db/schema/index";
import { ownedRecords, type RowOf } from "../../lib/owned-records";
import { forgetVanishedCreates } from "../../lib/record-ids";
import { moveDoses, withDoseSummaries } from "../medication-doses/medication-doses.queries";
import { recordType } from "../record-types";

type MedicationRow = RowOf<typeof medications>;

/** Medications, each answered with its last dose, next due time and missed doses (`withDoseSummaries`). */
export const medicationRecords = ownedRecords({
  ...recordType("medications"),
  summary: (row) => `${row.name} ${row.dosage}`,
  rule: medicationIssues,
  extend: withDoseSummaries as unknown as (
    tx: Tx,
    familyId: string,
    rows: readonly MedicationRow[],
  ) => Promise<MedicationRow[]>,
  hooks: {
    async inTransaction(ctx, { before, after }) {
      if (before && after && before.childId !== after.childId) {
        await moveDoses(ctx.tx, ctx.familyId, after.id, after.childId);
      }
      // Its doses went with it: what their creates said goes too.
      if (!after) {
        const doses = recordType("medicationDoses");
        await forgetVanishedCreates(ctx.tx, ctx.familyId, doses.entity, doses.table);
      }
    },
  },
});
