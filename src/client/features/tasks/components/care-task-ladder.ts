import { ladderWords, tellingOrder } from "@/domain/escalation";
import type { ReminderRotaRecord } from "@/domain/reminders";
import { weekdayOf } from "@/domain/tasks";

/** How a task repeats, as the task form asks it. */
export type How = "hours" | "daily" | "weekly" | "rule";

/** The task form's fields, as typed. */
export interface FormState {
  title: string;
  childId: string;
  how: How;
  hours: string;
  days: string[];
  rule: string;
  startDate: string;
  startTime: string;
  notes: string;
  repeatMinutes: string;
  nextAfterMinutes: string;
  everyoneAfterMinutes: string;
  assigneeId: string;
  urgent: boolean;
}

/**
 * When each person is told of the task's first occurrence, as the reminders will send it: the one
 * it is assigned to (else the one on duty that day, else the family's first), then the next in the
 * family's order, then everyone. Empty while a step is not a whole number.
 */
export function ladderSentence(
  form: Pick<
    FormState,
    | "repeatMinutes"
    | "nextAfterMinutes"
    | "everyoneAfterMinutes"
    | "startDate"
    | "startTime"
    | "how"
    | "assigneeId"
    | "urgent"
  >,
  rota: ReminderRotaRecord | undefined,
): string {
  const numbers = [form.repeatMinutes, form.nextAfterMinutes, form.everyoneAfterMinutes].map((v) =>
    /^\s*\d{1,6}\s*$/.test(v) ? Number(v) : Number.NaN,
  );
  if (numbers.some(Number.isNaN) || numbers[0]! < 1) return "";
  const [repeatMinutes, nextAfterMinutes, everyoneAfterMinutes] = numbers as [number, number, number];
  const caregivers = rota?.caregivers ?? [];
  const family = [
    ...(rota?.order ?? []),
    ...caregivers.map((c) => c.userId).filter((id) => !rota?.order.includes(id)),
  ];
  const date = /^\d{4}-\d{2}-\d{2}$/.test(form.startDate) ? form.startDate : null;
  const onDuty = date ? (rota?.onDuty[date] ?? rota?.onDuty[String(weekdayOf(date))] ?? null) : null;
  const order = tellingOrder(family, form.assigneeId || null, onDuty);
  const name = (id: string | undefined) => caregivers.find((c) => c.userId === id)?.name ?? null;
  return ladderWords(
    { repeatMinutes, nextAfterMinutes, everyoneAfterMinutes },
    {
      urgent: form.urgent,
      // Every few hours, the time of day moves on: said from the due time.
      dueTime: form.how !== "hours" && /^\d{2}:\d{2}$/.test(form.startTime) ? form.startTime : null,
      first: name(order[0]),
      next: name(order[1]),
      ...(rota ? { caregivers: family.length } : {}),
    },
  );
}
