/**
 * Query keys shared by several features. A feature's own keys come from its `createResourceApi`.
 * The tasks (`tasksKey`, tasks-api.ts) are reloaded by every write, in one place (query-client.ts
 * and family-changes.ts): no mutation has to name them.
 */

/** The dashboard's six counts; adding or deleting most records changes them. */
export const dashboardStatsQueryKey = ["dashboard", "stats"] as const;

/** The dashboard's latest changes (the audit log); every record change adds to it. */
export const activityQueryKey = ["dashboard", "activity"] as const;

/** The empty prefix: invalidating it reloads every query (a change that reaches every list). */
export const everyQueryKey = [] as const;
