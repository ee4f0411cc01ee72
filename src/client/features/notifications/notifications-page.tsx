import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { AlarmClock, Bell, Check, CheckCheck, ExternalLink, Settings } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { Button } from "@/client/components/ui/button";
import { EmptyState } from "@/client/components/ui/empty-state";
import { PageHeader } from "@/client/components/ui/page-header";
import { Spinner } from "@/client/components/ui/spinner";
import { toast } from "@/client/components/ui/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useAuth } from "@/client/lib/auth";
import { formatDateTime } from "@/client/lib/format";
import {
  answeredText,
  deliverySummary,
  isAppPath,
  notificationContext,
} from "@/client/lib/notification-texts";
import {
  acknowledgeAll,
  acknowledgeNotification,
  inboxQueryOptions,
  type Notification,
  notificationsQueryKey,
} from "@/client/lib/notifications-api";
import { isSessionEndedError } from "@/client/lib/session-expiry";
import { markTaskDone, snoozeTask, tasksKey } from "@/client/lib/tasks-api";
import { cn } from "@/client/lib/utils";
import { familyClock } from "@/domain/clock";
import { SNOOZE_CHOICES } from "@/domain/reminders";
import { DONE_BY, DONE_LABELS, TASK_KINDS, type TaskKind } from "@/domain/tasks";

/** "15 minutes", "1 hour", "2 hours". */
const snoozeWords = (minutes: number) =>
  minutes < 60 ? `${minutes} minutes` : minutes === 60 ? "1 hour" : `${minutes / 60} hours`;

/**
 * The person's inbox: every reminder sent to them, unread urgent ones first (the server's order),
 * then newest first, with how each channel took it and who answered it.
 */
export function NotificationsPage() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const inbox = useInfiniteQuery(inboxQueryOptions);
  const notifications = inbox.data?.pages.flatMap((page) => page.items) ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
  const onError = (error: Error) => {
    if (!isSessionEndedError(error))
      toast({ title: "Not saved", description: errorMessage(error), variant: "destructive" });
  };
  const readAll = useMutation({ mutationFn: acknowledgeAll, onSuccess: refresh, onError });
  const familyNames = new Map((user?.families ?? []).map((family) => [family.id, family.name]));
  const severalFamilies = familyNames.size > 1;

  return (
    <>
      <PageHeader
        title="Notifications"
        subtitle="Reminders of care tasks: urgent ones not yet read first, then the newest."
        actions={
          <>
            {notifications.some((n) => !n.ackAt) ? (
              <Button variant="outline" onClick={() => readAll.mutate()} disabled={readAll.isPending}>
                <CheckCheck aria-hidden="true" />
                Mark all as read
              </Button>
            ) : null}
            <Button variant="outline" asChild>
              <Link href="/settings#notifications">
                <Settings aria-hidden="true" />
                Settings
              </Link>
            </Button>
          </>
        }
      />
      {inbox.isPending ? (
        <Spinner label="Loading notifications..." showLabel className="py-16" />
      ) : inbox.isError ? (
        <p className="text-muted-foreground">
          Your notifications could not be loaded. {errorMessage(inbox.error)}
        </p>
      ) : notifications.length === 0 ? (
        <EmptyState
          icon={Bell}
          title="No notifications yet"
          text="When a care task comes due, its reminder appears here, and on your phone or by email if you choose so in Settings."
          action={
            <Button asChild>
              <Link href="/settings#notifications">Choose how you are reminded</Link>
            </Button>
          }
        />
      ) : (
        <ul aria-label="Notifications" className="flex max-w-3xl flex-col gap-3">
          {notifications.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              familyName={severalFamilies ? familyNames.get(notification.familyId) : undefined}
              onRead={refresh}
              onError={onError}
            />
          ))}
        </ul>
      )}
      {inbox.hasNextPage ? (
        <Button
          variant="outline"
          className="mt-4"
          onClick={() => inbox.fetchNextPage()}
          disabled={inbox.isFetchingNextPage}
        >
          {inbox.isFetchingNextPage ? "Loading..." : "Show older"}
        </Button>
      ) : null}
    </>
  );
}

function NotificationItem({
  notification,
  familyName,
  onRead,
  onError,
}: {
  notification: Notification;
  familyName: string | undefined;
  onRead: () => unknown;
  onError: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  const read = useMutation({
    mutationFn: () => acknowledgeNotification(notification.id),
    onSuccess: onRead,
    onError,
  });
  const unread = !notification.ackAt;
  const [choosingSnooze, setChoosingSnooze] = useState(false);
  // A reminder not yet answered: Done and Snooze answer its due time (someone else's Done in
  // between is refused, naming them); "I'm on it" stops its reminders for everyone.
  const reminder = unread && notification.taskId && notification.dueAt ? notification : null;
  const kind = reminder ? (TASK_KINDS as readonly string[]).find((k) => k === reminder.taskKind) : undefined;
  const tapDone = kind ? DONE_BY[kind as TaskKind] === "tap" : false;
  const answer = useMutation({
    mutationFn: async (action: "done" | number) => {
      if (action === "done") await markTaskDone(reminder!.taskId!, { dueAt: reminder!.dueAt! });
      else await snoozeTask(reminder!.taskId!, { dueAt: reminder!.dueAt!, minutes: action });
    },
    onSuccess: async (_answer, action) => {
      setChoosingSnooze(false);
      toast({
        title: action === "done" ? `${notification.title}: done` : `${notification.title}: snoozed`,
        description:
          action === "done"
            ? "Everyone's reminders of it have stopped."
            : `No reminders of it for ${snoozeWords(action)}.`,
      });
      await Promise.all([onRead(), queryClient.invalidateQueries({ queryKey: tasksKey })]);
    },
    onError,
  });
  const context = [notificationContext(notification), familyName].filter(Boolean).join(" · ");
  const summary = deliverySummary(notification.deliveries);
  const clock = familyClock();
  const answered = answeredText(notification, { now: clock.now(), timeZone: clock.timeZone });
  return (
    <li
      className={cn(
        "rounded-xl border border-border border-l-4 bg-card p-4 shadow-sm",
        notification.urgent ? "border-l-destructive" : unread ? "border-l-primary" : "border-l-border",
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h2 className={cn("min-w-0 break-words text-base", unread ? "font-semibold" : "font-medium")}>
          {unread ? <span className="sr-only">Unread: </span> : null}
          {notification.urgent ? <span className="text-destructive">Urgent: </span> : null}
          {notification.title}
        </h2>
        <time dateTime={notification.createdAt} className="shrink-0 text-muted-foreground text-sm">
          {formatDateTime(notification.createdAt)}
        </time>
      </div>
      {notification.body ? <p className="mt-1 break-words text-foreground">{notification.body}</p> : null}
      {context ? <p className="mt-1 text-muted-foreground text-sm">{context}</p> : null}
      {answered ? (
        <p className="mt-1 flex items-center gap-1.5 font-medium text-sm">
          <Check aria-hidden="true" className="size-4 shrink-0 text-green-700 dark:text-green-400" />
          {answered}
        </p>
      ) : null}
      {summary.sent ? <p className="mt-2 text-muted-foreground text-sm">{summary.sent}</p> : null}
      {summary.failed ? (
        <p className="mt-1 text-destructive text-sm">
          {summary.failed}.{" "}
          <Link href="/settings#delivery-log" className="font-medium underline underline-offset-2">
            Why?
          </Link>
        </p>
      ) : null}
      {reminder && choosingSnooze ? (
        <fieldset className="mt-2 flex flex-wrap items-center gap-2">
          <legend className="sr-only">Snooze {notification.title} for</legend>
          {SNOOZE_CHOICES.map((minutes) => (
            <Button
              key={minutes}
              variant="secondary"
              size="sm"
              disabled={answer.isPending}
              onClick={() => answer.mutate(minutes)}
            >
              For {snoozeWords(minutes)}
            </Button>
          ))}
        </fieldset>
      ) : null}
      {isAppPath(notification.url) || unread ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {isAppPath(notification.url) ? (
            <Button variant="outline" size="sm" asChild>
              <Link href={notification.url}>
                <ExternalLink aria-hidden="true" />
                Open
              </Link>
            </Button>
          ) : null}
          {reminder && tapDone ? (
            <Button size="sm" onClick={() => answer.mutate("done")} disabled={answer.isPending}>
              <Check aria-hidden="true" />
              {DONE_LABELS[kind as TaskKind]}
              <span className="sr-only">: {notification.title}</span>
            </Button>
          ) : null}
          {reminder ? (
            <Button
              variant="outline"
              size="sm"
              aria-expanded={choosingSnooze}
              onClick={() => setChoosingSnooze((open) => !open)}
              disabled={answer.isPending}
            >
              <AlarmClock aria-hidden="true" />
              Snooze<span className="sr-only">: {notification.title}</span>
            </Button>
          ) : null}
          {unread ? (
            <Button variant="outline" size="sm" onClick={() => read.mutate()} disabled={read.isPending}>
              <CheckCheck aria-hidden="true" />
              {reminder ? "I'm on it" : "Mark as read"}
              <span className="sr-only">: {notification.title}</span>
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
