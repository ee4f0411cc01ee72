import { useQuery } from "@tanstack/react-query";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { Spinner } from "@/client/components/ui/spinner";
import { errorMessage } from "@/client/lib/api";
import { formatDateTime } from "@/client/lib/format";
import { type Task, type TaskHistoryRecord, taskHistoryOptions } from "@/client/lib/tasks-api";
import { CHANNEL_LABELS } from "@/domain/notification-kinds";

type Told = TaskHistoryRecord["told"][number];

/** How one person was told: the inbox, then each channel as it went. */
function channelsText(told: Told): string {
  const parts = ["in the app"];
  for (const c of told.channels) {
    parts.push(
      c.status === "sent"
        ? `${CHANNEL_LABELS[c.channel]} (${c.target})`
        : `${CHANNEL_LABELS[c.channel]} failed`,
    );
  }
  return parts.join(", ");
}

/**
 * A task's reminders, newest due time first: who was told when, on which channel, and who acted
 * (did it, was on it, snoozed it). What a family looks at after a night with a missed dose.
 */
export function TaskHistoryDialog({
  task,
  timeZone,
  onOpenChange,
}: {
  task: Task;
  timeZone: string;
  onOpenChange: (open: boolean) => void;
}) {
  const history = useQuery(taskHistoryOptions(task.id));
  const when = (at: string) => formatDateTime(at, timeZone);
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reminders sent: {task.title}</DialogTitle>
          <DialogDescription>
            Who was told when and how, and who acted, for its last due times.
          </DialogDescription>
        </DialogHeader>
        {history.isPending ? <Spinner label="Loading reminders..." showLabel className="py-8" /> : null}
        {history.isError ? (
          <p role="alert">The reminders could not be loaded. {errorMessage(history.error)}</p>
        ) : null}
        {history.data && history.data.length === 0 ? (
          <p className="text-muted-foreground">No reminder has been sent for this task yet.</p>
        ) : null}
        {history.data && history.data.length > 0 ? (
          <ol className="flex max-h-[60vh] flex-col gap-4 overflow-y-auto" aria-label="Due times">
            {history.data.map((entry) => (
              <li key={entry.dueAt} className="rounded-lg border border-border p-3">
                <p className="font-semibold">Due {when(entry.dueAt)}</p>
                <ul className="mt-1 flex flex-col gap-0.5 text-sm">
                  {entry.done ? (
                    <li className="font-medium text-green-800 dark:text-green-300">
                      Done by {entry.done.by ?? "a former member"} at {when(entry.done.at)}
                    </li>
                  ) : null}
                  {entry.acknowledged ? (
                    <li>
                      {entry.acknowledged.by ?? "A former member"} was on it at {when(entry.acknowledged.at)}
                    </li>
                  ) : null}
                  {entry.snoozed ? (
                    <li>
                      Snoozed by {entry.snoozed.by ?? "a former member"} until {when(entry.snoozed.until)}
                    </li>
                  ) : null}
                  {entry.told.map((told) => (
                    <li key={`${told.userId}-${told.at}`} className="text-muted-foreground">
                      {when(told.at)}: {told.name ?? "a former member"} told{told.urgent ? ", urgent" : ""} (
                      {channelsText(told)}){told.readAt ? `, read ${when(told.readAt)}` : ""}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
