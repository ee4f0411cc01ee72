import { and, count, desc, eq, isNull, or, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DashboardStats } from "../../../domain/dashboard";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema/index";

type Counted = PgTable & { userId: PgColumn; childId?: PgColumn };

/** The six dashboard counts of one owner; with a child, that child's records (and unlinked ones). */
export async function dashboardStats(db: Db, ownerId: string, childId?: string): Promise<DashboardStats> {
  const countOf = async (table: Counted, childScope: "exact" | "withUnlinked" | "none") => {
    const filters: (SQL | undefined)[] = [eq(table.userId, ownerId)];
    if (childId && table.childId && childScope !== "none") {
      filters.push(
        childScope === "exact"
          ? eq(table.childId, childId)
          : or(eq(table.childId, childId), isNull(table.childId)),
      );
    }
    const [row] = await db
      .select({ n: count() })
      .from(table)
      .where(and(...filters));
    return row?.n ?? 0;
  };
  const [tpnEntries, specialistVisits, labTests, symptomEntries, medicalAllergies, careTeamMembers] =
    await Promise.all([
      countOf(schema.tpnEntries, "exact"),
      countOf(schema.specialistVisits, "withUnlinked"),
      countOf(schema.labTests, "withUnlinked"),
      countOf(schema.symptomEntries, "withUnlinked"),
      countOf(schema.medicalAllergies, "withUnlinked"),
      countOf(schema.careTeamMembers, "none"),
    ]);
  return { tpnEntries, specialistVisits, labTests, symptomEntries, medicalAllergies, careTeamMembers };
}

/** The owner's latest changes, from the audit log, for the Recent Activity card. */
export async function recentActivity(db: Db, ownerId: string, limit = 5) {
  return db
    .select({
      id: schema.auditLog.id,
      action: schema.auditLog.action,
      entity: schema.auditLog.entity,
      summary: schema.auditLog.summary,
      createdAt: schema.auditLog.createdAt,
    })
    .from(schema.auditLog)
    .where(eq(schema.auditLog.userId, ownerId))
    .orderBy(desc(schema.auditLog.createdAt))
    .limit(limit);
}
