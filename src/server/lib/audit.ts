import type { Tx } from "../db/client";
import { auditLog } from "../db/schema/index";

export interface AuditEntry {
  userId: string;
  action: "create" | "update" | "delete";
  entity: string;
  entityId: string;
  summary?: string | null;
}

/** Records a change. Call inside the transaction that makes the change. */
export async function writeAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({ ...entry, summary: entry.summary?.slice(0, 200) ?? null });
}
