import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { labTests } from "../../db/schema/index";
import { ownedRecords } from "../../lib/owned-records";
import { recordType } from "../record-types";

export const labTestRecords = ownedRecords({
  ...recordType("labTests"),
  summary: (row) => row.testName,
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
