import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ChoiceChips } from "@/client/components/forms/choice-chips";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  stickyFooterClassName,
} from "@/client/components/ui/dialog";
import { FormAlert, FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Textarea } from "@/client/components/ui/textarea";
import { TimeInput } from "@/client/components/ui/time-input";
import { errorIssues, errorMessage } from "@/client/lib/api";
import type { Child } from "@/client/lib/children-api";
import { toDateOnly, toTimeOnly } from "@/client/lib/format";
import { reminderRotaOptions } from "@/client/lib/reminders-api";
import type { CareTask, CareTaskValues } from "@/client/lib/tasks-api";
import { familyClock, instantOf } from "@/domain/clock";
import { careTaskInput } from "@/domain/task-records";
import { DEFAULT_ESCALATION } from "@/domain/tasks";
import { type FormState, type How, ladderSentence } from "./care-task-ladder";

const HOW_CHOICES = [
  { value: "hours", label: "Every few hours" },
  { value: "daily", label: "Daily" },
  { value: "weekly", label: "Weekly" },
  { value: "rule", label: "Custom rule" },
] as const;
const DAYS = [
  ["MO", "Mon"],
  ["TU", "Tue"],
  ["WE", "Wed"],
  ["TH", "Thu"],
  ["FR", "Fri"],
  ["SA", "Sat"],
  ["SU", "Sun"],
] as const;

/** The form's starting values: a task's own, or a new one starting now. */
function initialState(task: CareTask | null, childId: string | null): FormState {
  const start = task ? new Date(task.startAt) : familyClock().now();
  const rule = task?.rrule ?? "";
  const weekly = /^FREQ=WEEKLY;BYDAY=([A-Z,]+)$/.exec(rule);
  const how: How = !task
    ? "daily"
    : task.intervalHours !== null
      ? "hours"
      : rule === "FREQ=DAILY"
        ? "daily"
        : weekly
          ? "weekly"
          : "rule";
  return {
    title: task?.title ?? "",
    childId: task ? (task.childId ?? "") : (childId ?? ""),
    how,
    hours: task?.intervalHours ? String(task.intervalHours) : "8",
    days: weekly?.[1]?.split(",") ?? ["MO"],
    rule,
    startDate: toDateOnly(start),
    startTime: toTimeOnly(start),
    notes: task?.notes ?? "",
    repeatMinutes: String(task?.repeatMinutes ?? DEFAULT_ESCALATION.repeatMinutes),
    nextAfterMinutes: String(task?.nextAfterMinutes ?? DEFAULT_ESCALATION.nextAfterMinutes),
    everyoneAfterMinutes: String(task?.everyoneAfterMinutes ?? DEFAULT_ESCALATION.everyoneAfterMinutes),
    assigneeId: task?.assigneeId ?? "",
    urgent: task?.urgent ?? false,
  };
}

/** The body the server takes, from what the form holds. */
function bodyOf(form: FormState) {
  const startAt =
    /^\d{4}-\d{2}-\d{2}$/.test(form.startDate) && /^\d{2}:\d{2}$/.test(form.startTime)
      ? instantOf(form.startDate, form.startTime, familyClock().timeZone).toISOString()
      : "";
  const recurrence =
    form.how === "hours"
      ? { intervalHours: form.hours, rrule: null }
      : {
          intervalHours: null,
          rrule:
            form.how === "daily"
              ? "FREQ=DAILY"
              : form.how === "weekly"
                ? `FREQ=WEEKLY;BYDAY=${DAYS.map(([code]) => code)
                    .filter((code) => form.days.includes(code))
                    .join(",")}`
                : form.rule,
        };
  return {
    title: form.title,
    childId: form.childId || null,
    ...recurrence,
    startAt,
    notes: form.notes,
    repeatMinutes: form.repeatMinutes,
    nextAfterMinutes: form.nextAfterMinutes,
    everyoneAfterMinutes: form.everyoneAfterMinutes,
    assigneeId: form.assigneeId || null,
    urgent: form.urgent,
  };
}

/**
 * A task of the family's own: what, for which child, how often (every few hours, daily at a time,
 * on weekdays, or an RRULE), from when, and how the reminders escalate.
 */
export function CareTaskDialog({
  open,
  onOpenChange,
  task,
  childId,
  childrenList,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The task edited; null adds one. */
  task: CareTask | null;
  /** A new task's child: the one the screen shows. */
  childId: string | null;
  childrenList: readonly Child[];
  onSubmit: (values: CareTaskValues) => Promise<unknown>;
}) {
  const [form, setForm] = useState(() => initialState(task, childId));
  const caregivers = useQuery(reminderRotaOptions());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = careTaskInput.safeParse(bodyOf(form));
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "form"), i.message])));
      return;
    }
    setErrors({});
    setFailure(undefined);
    setPending(true);
    try {
      await onSubmit(parsed.data);
      onOpenChange(false);
    } catch (error) {
      const issues = errorIssues(error);
      if (issues.length) setErrors(Object.fromEntries(issues.map((i) => [i.path, i.message])));
      else setFailure(errorMessage(error, "The task was not saved. Please try again."));
    } finally {
      setPending(false);
    }
  };

  const when = form.how === "hours" ? "First time" : "From, at the time of day";
  const sentence = ladderSentence(form, caregivers.data);
  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{task ? "Edit task" : "Add a task"}</DialogTitle>
          <DialogDescription>
            It comes due on its schedule and reminds until someone marks it done.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormAlert message={failure} />
          <FormField label="Task" required error={errors.title}>
            {(control) => (
              <Input
                {...control}
                value={form.title}
                onChange={(e) => set("title", e.target.value)}
                placeholder="Vent the G-tube"
                autoComplete="off"
              />
            )}
          </FormField>
          {childrenList.length > 0 ? (
            <FormField label="For" error={errors.childId}>
              {(control) => (
                <select
                  {...control}
                  value={form.childId}
                  onChange={(e) => set("childId", e.target.value)}
                  className="h-10 rounded-md border border-input bg-card px-3 text-sm max-sm:min-h-11"
                >
                  <option value="">The whole family</option>
                  {childrenList.map((child) => (
                    <option key={child.id} value={child.id}>
                      {child.name}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          ) : null}
          <ChoiceChips
            label="How often"
            choices={HOW_CHOICES}
            value={form.how}
            onChange={(value) => set("how", value as How)}
            error={form.how === "hours" ? undefined : errors.rrule}
          />
          {form.how === "hours" ? (
            <FormField label="Every (hours)" error={errors.intervalHours} className="max-w-40">
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  value={form.hours}
                  onChange={(e) => set("hours", e.target.value)}
                />
              )}
            </FormField>
          ) : null}
          {form.how === "weekly" ? (
            <fieldset className="flex flex-col gap-1.5">
              <legend className="mb-1.5 font-medium text-sm">On</legend>
              <div className="flex flex-wrap gap-2">
                {DAYS.map(([code, label]) => (
                  <label
                    key={code}
                    className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-input bg-card px-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent has-[:checked]:font-semibold has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/40"
                  >
                    <input
                      type="checkbox"
                      className="size-4"
                      checked={form.days.includes(code)}
                      onChange={(e) =>
                        set(
                          "days",
                          e.target.checked ? [...form.days, code] : form.days.filter((d) => d !== code),
                        )
                      }
                    />
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
          {form.how === "rule" ? (
            <FormField
              label="Recurrence rule (RRULE)"
              hint="For example FREQ=MONTHLY;BYMONTHDAY=1, or FREQ=WEEKLY;INTERVAL=2;BYDAY=MO. The time of day is the start's."
              error={errors.rrule}
            >
              {(control) => (
                <Input
                  {...control}
                  value={form.rule}
                  onChange={(e) => set("rule", e.target.value)}
                  spellCheck={false}
                  autoCapitalize="characters"
                />
              )}
            </FormField>
          ) : null}
          <div className="grid grid-cols-2 gap-3">
            <FormField label={when} error={errors.startAt}>
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  value={form.startDate}
                  onChange={(e) => set("startDate", e.target.value)}
                />
              )}
            </FormField>
            <FormField label="Time">
              {(control) => (
                <TimeInput {...control} value={form.startTime} onChange={(time) => set("startTime", time)} />
              )}
            </FormField>
          </div>
          <FormField label="Notes" error={errors.notes}>
            {(control) => (
              <Textarea
                {...control}
                rows={2}
                value={form.notes}
                onChange={(e) => set("notes", e.target.value)}
              />
            )}
          </FormField>
          <fieldset className="flex flex-col gap-2 rounded-lg border border-border p-3">
            <legend className="px-1 font-medium text-sm">Reminders until it is done</legend>
            <FormField label="Told first" error={errors.assigneeId}>
              {(control) => (
                <select
                  {...control}
                  value={form.assigneeId}
                  onChange={(e) => set("assigneeId", e.target.value)}
                  className="h-10 rounded-md border border-input bg-card px-3 text-sm max-sm:min-h-11"
                >
                  <option value="">Whoever is on duty</option>
                  {(caregivers.data?.caregivers ?? []).map((c) => (
                    <option key={c.userId} value={c.userId}>
                      {c.name ?? "A caregiver"}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4"
                checked={form.urgent}
                onChange={(e) => set("urgent", e.target.checked)}
              />
              <span>Urgent: tell every caregiver at once, even in their quiet hours</span>
            </label>
            <div className="grid grid-cols-3 gap-3">
              <FormField label="Repeat every (min)" error={errors.repeatMinutes}>
                {(control) => (
                  <Input
                    {...control}
                    inputMode="numeric"
                    value={form.repeatMinutes}
                    onChange={(e) => set("repeatMinutes", e.target.value)}
                  />
                )}
              </FormField>
              <FormField label="Next caregiver after (min)" error={errors.nextAfterMinutes}>
                {(control) => (
                  <Input
                    {...control}
                    inputMode="numeric"
                    value={form.nextAfterMinutes}
                    onChange={(e) => set("nextAfterMinutes", e.target.value)}
                  />
                )}
              </FormField>
              <FormField label="Everyone after (min)" error={errors.everyoneAfterMinutes}>
                {(control) => (
                  <Input
                    {...control}
                    inputMode="numeric"
                    value={form.everyoneAfterMinutes}
                    onChange={(e) => set("everyoneAfterMinutes", e.target.value)}
                  />
                )}
              </FormField>
            </div>
            {sentence ? (
              <p className="text-sm" aria-live="polite" data-testid="ladder-words">
                <span className="font-medium">Who is told when: </span>
                {sentence}
              </p>
            ) : null}
          </fieldset>
          <DialogFooter className={stickyFooterClassName}>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? "Saving..." : task ? "Save" : "Add task"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
