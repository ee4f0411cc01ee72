import { LAB_TEST_OF_ANOTHER_CHILD } from "../../../domain/lab-results";
import { labTests } from "../../db/schema/index";
import { invalidRecord } from "../../lib/errors";
import { ownedRecords } from "../../lib/owned-records";
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
