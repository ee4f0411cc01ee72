import { z } from "zod";
import { recordBase, timestamp, type Wire } from "./records";

const count = z.number().int().min(0);

/** The six counts of `GET /api/dashboard/stats`. */
export const dashboardStatsRecord = z.object({
  tpnEntries: count,
  specialistVisits: count,
  labTests: count,
  symptomEntries: count,
  medicalAllergies: count,
  careTeamMembers: count,
});
export type DashboardStats = z.infer<typeof dashboardStatsRecord>;

export const AUDIT_ACTIONS = ["create", "update", "delete"] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * One of the family's latest changes (`GET /api/dashboard/activity`), from the audit log. The
 * summary names the record while it exists; a deleted record's changes keep none. `actorName` names
 * who made the change (null once their account is gone).
 */
export const activityItemRecord = z.object({
  id: recordBase.id,
  action: z.enum(AUDIT_ACTIONS),
  entity: z.string(),
  summary: z.string().nullable(),
  actorId: z.uuid().nullable(),
  actorName: z.string().nullable(),
  /** The personal API token the change was sent with (its name then): "by token Home Assistant". */
  viaToken: z.string().nullable(),
  createdAt: timestamp,
});
export type ActivityItem = Wire<typeof activityItemRecord>;
