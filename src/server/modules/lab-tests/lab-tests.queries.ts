import { and, eq, ne } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { labResults, labTests } from "../../db/schema/index";
import { invalidRecord } from "../../lib/errors";
import { ownedRecords } from "../../lib/owned-records";
import { recordType } from "../record-types";

/**
 * The spec's lab tests. A test with lab results of a child under it stays that child's (or one of
 * no child): moving it to another child would leave the results under another child's test.
 */
export const labTestRecords = ownedRecords({
  ...recordType("labTests"),
  summary: (row) => row.testName,
  hooks: {
    async inTransaction(ctx, { action, after }) {
      if (action !== "update" || !after?.childId) return;
      const [elsewhere] = await ctx.tx
        .select({ id: labResults.id })
        .from(labResults)
        .where(
          and(
            eq(labResults.familyId, ctx.familyId),
            eq(labResults.labTestId, after.id),
            ne(labResults.childId, after.childId),
          ),
        )
        .limit(1);
      if (elsewhere) {
        throw invalidRecord([
          {
            path: "childId",
            message: "This test holds another child's lab results: it cannot move to this child",
          },
        ]);
      }
    },
  },
});

/**
 * The child of one of the family's lab tests: its id, null for a test of no particular child, or
 * undefined when the family has no such test (a lab result checks the test it belongs to).
 */
export async function labTestChild(tx: Tx, familyId: string, id: string): Promise<string | null | undefined> {
  const [found] = await tx
    .select({ childId: labTests.childId })
    .from(labTests)
    .where(and(eq(labTests.id, id), eq(labTests.familyId, familyId)));
  return found ? found.childId : undefined;
}
