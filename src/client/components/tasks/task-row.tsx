import { CircleAlert, CircleCheck, Clock, LoaderCircle, type LucideIcon, MoreVertical } from "lucide-react";
import { useEffect, useState } from "react";
import { ChildAvatar } from "@/client/components/children/child-avatar";
import { Button } from "@/client/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/client/components/ui/dropdown-menu";
import type { Child } from "@/client/lib/children-api";
import { dueText, lastDoneText } from "@/client/lib/task-words";
import type { Task } from "@/client/lib/tasks-api";
import { cn } from "@/client/lib/utils";
import { DONE_LABELS, type TaskState } from "@/domain/tasks";

const TONES: Record<TaskState, { icon: LucideIcon; className: string; words: string }> = {
  overdue: { icon: CircleAlert, className: "border-red-400 bg-red-50 text-red-900", words: "Overdue" },
  due: { icon: Clock, className: "border-amber-400 bg-amber-50 text-amber-950", words: "Due" },
  ok: { icon: CircleCheck, className: "border-green-300 bg-green-50 text-green-900", words: "Not due yet" },
};

/** The time now, moved on every minute, so "due in 3 hours" stays true on a screen left open. */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

export interface TaskRowProps {
  task: Task;
  /** The child it is for, shown when the list holds several children's tasks. */
  child?: Child | undefined;
  now: Date;
  timeZone: string;
  viewerId: string | null;
  /** Done (or the form a weight or labs need); none for a role that only reads. */
  onDone?: (() => void) | undefined;
  /** This task's Done is on its way. */
  pending?: boolean;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
  /** Holds its reminders for a while (a due task, for a caregiver). */
  onSnooze?: (() => void) | undefined;
  /** Shows who was told when, and who acted. */
  onHistory?: (() => void) | undefined;
  className?: string;
}

/**
 * One task: its state in colour, an icon and words; what it is and for whom; when it is due; who
 * did it last and when; and Done where one tap logs it (a weight or labs open their form).
 */
export function TaskRow({
  task,
  child,
  now,
  timeZone,
  viewerId,
  onDone,
  pending = false,
  onEdit,
  onDelete,
  onSnooze,
  onHistory,
  className,
}: TaskRowProps) {
  const more = Boolean(onEdit || onDelete || onSnooze || onHistory);
  const tone = TONES[task.state];
  const Icon = tone.icon;
  const doneLabel = DONE_LABELS[task.kind];
  const name = child ? `${task.title}, ${child.name}` : task.title;
  return (
    <li
      className={cn(
        "flex flex-col gap-3 rounded-xl border border-border bg-card p-3 sm:flex-row sm:items-center sm:p-4",
        className,
      )}
      data-task-id={task.id}
      data-state={task.state}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span
          className={cn(
            "mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full border",
            tone.className,
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
          <span className="sr-only">{tone.words}</span>
        </span>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold leading-snug">
            <span className="min-w-0 break-words">{task.title}</span>
            {child ? (
              <span className="inline-flex items-center gap-1.5 font-normal text-muted-foreground text-sm">
                <ChildAvatar
                  name={child.name}
                  color={child.avatarColor}
                  size="sm"
                  className="size-5 text-[0.65rem]"
                />
                {child.name}
              </span>
            ) : null}
          </p>
          {task.detail ? <p className="break-words text-muted-foreground text-sm">{task.detail}</p> : null}
          <p className="mt-1 text-sm">
            <span
              className={cn(
                "font-medium",
                task.state === "overdue" && "text-red-800",
                task.state === "due" && "text-amber-900",
              )}
            >
              {dueText(task, now, timeZone)}
            </span>
            <span className="text-muted-foreground">
              {" "}
              · {lastDoneText(task, { viewerId, now, timeZone })}
            </span>
          </p>
        </div>
      </div>
      {onDone || more ? (
        <div className="flex shrink-0 items-center gap-2 self-end sm:self-center">
          {onDone ? (
            <Button
              variant={task.state === "ok" ? "outline" : "default"}
              onClick={onDone}
              disabled={pending}
              aria-label={`${doneLabel}: ${name}`}
              className="min-w-24"
            >
              {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
              {doneLabel}
            </Button>
          ) : null}
          {more ? (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="ghost" size="icon" aria-label={`More for ${name}`}>
                  <MoreVertical aria-hidden="true" />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                {onSnooze ? <DropdownMenuItem onSelect={onSnooze}>Snooze 30 minutes</DropdownMenuItem> : null}
                {onHistory ? <DropdownMenuItem onSelect={onHistory}>Reminders sent</DropdownMenuItem> : null}
                {onEdit ? <DropdownMenuItem onSelect={onEdit}>Edit</DropdownMenuItem> : null}
                {onDelete ? (
                  <DropdownMenuItem onSelect={onDelete} className="text-red-700">
                    Delete
                  </DropdownMenuItem>
                ) : null}
              </DropdownMenuContent>
            </DropdownMenu>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
