import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { CARE_RECORD_TABLES } from "../../db/schema/owned-tables";

export type ExportSection = keyof typeof CARE_RECORD_TABLES;

/**
 * Every care record of one owner, by section, oldest first, read in one transaction so the
 * sections agree with each other (no child missing that a record points to).
 */
export async function readAllRecords(db: Db, ownerId: string) {
  return db.transaction(async (tx) => {
    const sections = {} as Record<ExportSection, Record<string, unknown>[]>;
    for (const [name, table] of Object.entries(CARE_RECORD_TABLES) as [
      ExportSection,
      (typeof CARE_RECORD_TABLES)[ExportSection],
    ][]) {
      const rows = (await tx
        .select()
        .from(table)
        .where(eq(table.userId, ownerId))
        .orderBy(asc(table.createdAt))) as Record<string, unknown>[];
      sections[name] = rows.map(({ userId: _owner, ...rest }) => rest);
    }
    return sections;
  });
}
