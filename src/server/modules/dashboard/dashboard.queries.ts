import { and, desc, eq, getTableName, sql } from "drizzle-orm";
import type { DashboardStats } from "../../../domain/dashboard";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema/index";
import { personName } from "../../lib/authors";
import { type FamilyView, seesChild, uuidArray } from "../../lib/child-scope";
import { DASHBOARD_COUNTED } from "../record-types";

const countsOf = new WeakMap<Db, ReturnType<typeof prepareCounts>>();
function prepareCounts(db: Db) {
  return db
    .select({
      entity: schema.recordCounts.entity,
      childId: schema.recordCounts.childId,
      n: schema.recordCounts.n,
    })
    .from(schema.recordCounts)
    .where(eq(schema.recordCounts.familyId, sql.placeholder("familyId")))
    .prepare("dashboard_counts");
}

/**
 * The six dashboard counts of a family, of the children a member sees; with a child, the counts follow the same child rule as
 * each record type's list (that child's records, and the unlinked ones where the list shows them).
 * They are read from the counters the database keeps per owner, kind and child (`record_counts`),
 * so they cost the same in year ten as on the first day.
 */
export async function dashboardStats(db: Db, view: FamilyView, childId?: string): Promise<DashboardStats> {
  let query = countsOf.get(db);
  if (!query) {
    query = prepareCounts(db);
    countsOf.set(db, query);
  }
  const rows = (await query.execute({ familyId: view.familyId })).filter((row) =>
    seesChild(view, row.childId),
  );
  const stats = {} as DashboardStats;
  for (const { name, table, childScope: scope } of DASHBOARD_COUNTED) {
    const entity = getTableName(table);
    stats[name] = rows
      .filter(
        (row) =>
          row.entity === entity &&
          (!childId ||
            !scope ||
            row.childId === childId ||
            (scope === "withUnlinked" && row.childId === null)),
      )
      .reduce((sum, row) => sum + row.n, 0);
  }
  return stats;
}

/**
 * The family's latest changes, from the audit log, for the Recent Activity card: who made each, and
 * for a member limited to some children, only those of their children and of the family's records.
 */
export async function recentActivity(db: Db, view: FamilyView, limit = 5) {
  const { auditLog } = schema;
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      entity: auditLog.entity,
      summary: auditLog.summary,
      actorId: auditLog.actorId,
      actorName: personName(auditLog.actorId),
      viaToken: auditLog.viaToken,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.familyId, view.familyId),
        view.childIds
          ? sql`(${auditLog.childId} is null or ${auditLog.childId} = any(${uuidArray(view.childIds)}))`
          : undefined,
      ),
    )
    .orderBy(desc(schema.auditLog.createdAt), desc(schema.auditLog.id))
    .limit(limit);
}
