import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { ReminderActionResult, TaskHistoryRecord } from "@/domain/reminders";
import type {
  CareTask,
  careTaskInput,
  Task,
  TaskSettingsInput,
  TaskSettingsRecord,
} from "@/domain/task-records";
import { getJson, requestJson } from "./api";

/*
 * Care tasks (`/api/tasks`), read by the Tasks screen and the dashboard's card. Loading the types
 * only: neither zod nor the recurrence rules come with this file.
 */

export type { CareTask, ReminderActionResult, Task, TaskHistoryRecord, TaskSettingsRecord };
export type CareTaskValues = z.output<typeof careTaskInput>;

/** Every task list's key: a Done, a family task's change and the settings reload them all. */
export const tasksKey = ["tasks"] as const;

/**
 * The tasks (of one child and the family's, with `childId`), asked again on each visit and every
 * minute while shown: their states move with the clock. Every write reloads them, and another
 * member's too, within seconds (family-changes.ts).
 */
export const tasksOptions = (childId?: string | null) =>
  queryOptions({
    queryKey: [...tasksKey, { childId: childId ?? null }] as const,
    queryFn: () =>
      getJson<Task[]>(childId ? `/api/tasks?childId=${encodeURIComponent(childId)}` : "/api/tasks"),
    staleTime: 0,
    refetchInterval: 60_000,
  });

/**
 * Done on a task: logs it (a dose too soon is a 409 naming the last one, unless `confirm`). With
 * `dueAt`, the due time the person saw: someone else's Done in between is a 409 naming them.
 */
export const markTaskDone = (
  id: string,
  body: { confirm?: boolean; notes?: string | null; dueAt?: string } = {},
) => requestJson<{ task: Task | null }>("POST", `/api/tasks/${encodeURIComponent(id)}/done`, body);

/** Holds a due task's reminders for `minutes` (30 by default), for everyone. */
export const snoozeTask = (id: string, body: { minutes?: number; dueAt?: string } = {}) =>
  requestJson<ReminderActionResult>("POST", `/api/tasks/${encodeURIComponent(id)}/snooze`, body);

/** "I'm on it": no more reminders of this due time, for anyone. */
export const acknowledgeTask = (id: string, body: { dueAt?: string } = {}) =>
  requestJson<ReminderActionResult>("POST", `/api/tasks/${encodeURIComponent(id)}/ack`, body);

/** A task's reminders: who was told when, on what, and who acted. */
export const taskHistoryOptions = (id: string) =>
  queryOptions({
    queryKey: [...tasksKey, "history", id] as const,
    queryFn: () => getJson<TaskHistoryRecord[]>(`/api/tasks/${encodeURIComponent(id)}/history`),
    staleTime: 0,
  });

export const createCareTask = (input: CareTaskValues) => requestJson<CareTask>("POST", "/api/tasks", input);
export const updateCareTask = (id: string, input: Partial<CareTaskValues>) =>
  requestJson<CareTask>("PATCH", `/api/tasks/${encodeURIComponent(id)}`, input);
export const deleteCareTask = (id: string) =>
  requestJson<void>("DELETE", `/api/tasks/${encodeURIComponent(id)}`);

export const taskSettingsKey = [...tasksKey, "settings"] as const;
export const taskSettingsOptions = () =>
  queryOptions({
    queryKey: taskSettingsKey,
    queryFn: () => getJson<TaskSettingsRecord>("/api/family/task-settings"),
  });
export const updateTaskSettings = (input: TaskSettingsInput) =>
  requestJson<TaskSettingsRecord>("PATCH", "/api/family/task-settings", input);
