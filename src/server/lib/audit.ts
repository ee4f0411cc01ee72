import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { AuditAction } from "../../domain/dashboard";
import type { Tx } from "../db/client";
import { auditLog } from "../db/schema/index";

export interface AuditEntry {
  /** Whose records changed. */
  familyId: string;
  /** Who changed them. */
  actorId: string;
  /** The personal API token they sent the change with (its name), if any: "by token <name>". */
  viaToken?: string | null | undefined;
  action: AuditAction;
  entity: string;
  entityId: string;
  /** The child the record belongs to (the child itself for a child); none for the family's records. */
  childId?: string | null;
  /** A short label of the record for the activity feed; never given for a deletion. */
  summary?: string | null;
}

/** Records a change. Call inside the transaction that makes the change. */
export async function writeAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    familyId: entry.familyId,
    actorId: entry.actorId,
    viaToken: entry.viaToken ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    childId: entry.childId ?? null,
    summary: entry.action === "delete" ? null : (entry.summary?.slice(0, 200) ?? null),
  });
}

/**
 * Removes what the audit log says about the content of deleted records (their names, dates,
 * allergens): the rows stay, as a trace that something changed, without the content.
 */
export async function redactAudit(tx: Tx, familyId: string, entityIds: readonly string[]): Promise<void> {
  if (entityIds.length === 0) return;
  await tx
    .update(auditLog)
    .set({ summary: null })
    .where(
      and(
        eq(auditLog.familyId, familyId),
        inArray(auditLog.entityId, [...entityIds]),
        isNotNull(auditLog.summary),
      ),
    );
}

/**
 * Redacts the audit rows of an entity whose records no longer exist: for records the database
 * deleted by cascade (a child's TPN entries and lines go with the child).
 */
export async function redactAuditOfVanished(
  tx: Tx,
  familyId: string,
  entity: string,
  table: PgTable & { id: PgColumn },
): Promise<void> {
  await tx
    .update(auditLog)
    .set({ summary: null })
    .where(
      and(
        eq(auditLog.familyId, familyId),
        eq(auditLog.entity, entity),
        isNotNull(auditLog.summary),
        sql`not exists (select 1 from ${table} where ${table.id} = ${auditLog.entityId})`,
      ),
    );
}

/** Redacts every audit row of an owner: after 'Delete Child Profile', no record is left to name. */
export async function redactAllAudit(tx: Tx, familyId: string): Promise<void> {
  await tx
    .update(auditLog)
    .set({ summary: null })
    .where(and(eq(auditLog.familyId, familyId), isNotNull(auditLog.summary)));
}
