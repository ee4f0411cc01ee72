import { queryOptions } from "@tanstack/react-query";
import type { ReminderRotaInput, ReminderRotaRecord } from "@/domain/reminders";
import { getJson, requestJson } from "./api";

/** Who is reminded first per weekday or date, the family's order, and its caregivers by name. */
export const reminderRotaKey = ["family", "reminders"] as const;
export const reminderRotaOptions = () =>
  queryOptions({
    queryKey: reminderRotaKey,
    queryFn: () => getJson<ReminderRotaRecord>("/api/family/reminders"),
  });
export const saveReminderRota = (input: ReminderRotaInput) =>
  requestJson<ReminderRotaRecord>("PUT", "/api/family/reminders", input);
