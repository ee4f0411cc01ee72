/*
 * The kinds of care task alone: the header's bell and the notification settings read them without
 * loading the tasks' rules (src/domain/tasks.ts).
 */
export const TASK_KINDS = [
  "line-care",
  "dose",
  "fridge-out",
  "supply-reorder",
  "supply-expiry",
  "labs",
  "weigh",
  "family",
  "fever",
  "pn-start",
] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
