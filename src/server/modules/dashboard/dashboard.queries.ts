import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DashboardStats } from "../../../domain/dashboard";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema/index";
import { type ChildScope, childScope } from "../../lib/child-scope";
import { allergyRecords } from "../allergies/allergies.routes";
import { careTeamRecords } from "../care-team/care-team.routes";
import { labTestRecords } from "../lab-tests/lab-tests.routes";
import { specialistVisitRecords } from "../specialist-visits/specialist-visits.routes";
import { symptomRecords } from "../symptoms/symptoms.routes";
import { tpnRecords } from "../tpn/tpn.routes";

interface Counted {
  type: { table: PgTable & { userId: PgColumn }; childScope?: ChildScope };
}

/**
 * The six dashboard counts of one owner; with a child, the counts follow the same child rule as
 * each record type's list (that child's records, and the unlinked ones where the list shows them).
 */
export async function dashboardStats(db: Db, ownerId: string, childId?: string): Promise<DashboardStats> {
  const countOf = async ({ type }: Counted) => {
    const table = type.table as PgTable & { userId: PgColumn; childId?: PgColumn };
    const filters: SQL[] = [eq(table.userId, ownerId)];
    if (childId && table.childId && type.childScope)
      filters.push(childScope(table.childId, childId, type.childScope));
    const [row] = await db
      .select({ n: count() })
      .from(table)
      .where(and(...filters));
    return row?.n ?? 0;
  };
  const [tpnEntries, specialistVisits, labTests, symptomEntries, medicalAllergies, careTeamMembers] =
    await Promise.all(
      [
        tpnRecords,
        specialistVisitRecords,
        labTestRecords,
        symptomRecords,
        allergyRecords,
        careTeamRecords,
      ].map(countOf),
    );
  return {
    tpnEntries: tpnEntries ?? 0,
    specialistVisits: specialistVisits ?? 0,
    labTests: labTests ?? 0,
    symptomEntries: symptomEntries ?? 0,
    medicalAllergies: medicalAllergies ?? 0,
    careTeamMembers: careTeamMembers ?? 0,
  };
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
    .orderBy(desc(schema.auditLog.createdAt), desc(schema.auditLog.id))
    .limit(limit);
}
