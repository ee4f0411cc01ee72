import { useMutation, useQuery } from "@tanstack/react-query";
import { CircleAlert, CircleCheck, Clock, HeartPulse } from "lucide-react";
import { useParams } from "wouter";
import { loginHref } from "@/client/components/sign-in/next-after-sign-in";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { Spinner } from "@/client/components/ui/spinner";
import { errorMessage, errorStatus, getJson, requestJson } from "@/client/lib/api";
import { formatDateTime } from "@/client/lib/format";
import type { ReminderActionPreview, ReminderLinkResult } from "@/domain/reminders";

const STATE_TEXTS = {
  used: { title: "This link has already been used", text: "Each reminder's link works once." },
  expired: {
    title: "This link has expired",
    text: "A reminder's links work until the next reminder, which brings new ones. Open Tasks in the app to see where it stands.",
  },
  answered: {
    title: "Already taken care of",
    text: "Someone did this task after the reminder was sent: see Tasks in the app for who and when.",
  },
} as const;

/** "Done by Grandma Rosa at Nov 27, 2026 03:12." */
const doneByText = (done: NonNullable<ReminderActionPreview["done"]>) =>
  `Done by ${done.by ?? "another caregiver"} at ${formatDateTime(done.at)}.`;

/**
 * `/act/<token>`: a reminder's Done or Snooze from an email, which a mail scanner may open before
 * the person does, so nothing happens until the person presses the button. Works signed out: the
 * link is the person's own, for this one reminder; but anyone holding it may open it, so signed
 * out it says only what the link does (the server sends no more), and offers to sign in.
 */
export function ReminderActionPage() {
  const { token = "" } = useParams<{ token: string }>();
  const url = `/api/reminder-actions/${encodeURIComponent(token)}`;
  const preview = useQuery({
    queryKey: ["reminder-action", token],
    queryFn: () => getJson<ReminderActionPreview>(url),
    retry: false,
  });
  const act = useMutation({ mutationFn: () => requestJson<ReminderLinkResult>("POST", url, {}) });
  const data = preview.data;
  const label = data ? (data.action === "done" ? data.doneLabel : "Snooze 30 minutes") : "";

  let icon = <CircleAlert aria-hidden="true" className="size-8 shrink-0 text-destructive" />;
  let title = "This link does not work";
  let text = "Please check that you opened the whole link from the email, or open Tasks in the app.";
  if (act.isSuccess) {
    icon = <CircleCheck aria-hidden="true" className="size-8 shrink-0 text-green-700" />;
    const what = act.data.action === "done" ? "done" : "snoozed";
    title = act.data.title ? `${act.data.title}: ${what}` : `${what.charAt(0).toUpperCase()}${what.slice(1)}`;
    text =
      act.data.action === "done"
        ? "It is logged in your name, and everyone's reminders of it have stopped."
        : `No reminders of it until ${formatDateTime(act.data.until ?? undefined)}.`;
  } else if (act.isError) {
    title = errorStatus(act.error) === 409 ? "Already taken care of" : "That did not go through";
    text = errorMessage(act.error);
  } else if (data && data.state !== "ready") {
    icon = <Clock aria-hidden="true" className="size-8 shrink-0 text-amber-700" />;
    ({ title, text } = STATE_TEXTS[data.state]);
    if (data.done) text = `${doneByText(data.done)} ${data.state === "answered" ? "" : text}`.trim();
    else if (data.state === "answered" && !data.details)
      text = "Someone did this task after the reminder was sent. Sign in to see who and when.";
  } else if (data?.details) {
    icon = <Clock aria-hidden="true" className="size-8 shrink-0 text-primary" />;
    title = data.title ?? "A care task is due";
    text = data.dueAt ? `Due ${formatDateTime(data.dueAt)}.` : "";
  } else if (data) {
    icon = <Clock aria-hidden="true" className="size-8 shrink-0 text-primary" />;
    title = "A care task is due";
    text =
      "Sign in to see which task it is. You can also answer it from here: this link is yours, for this one reminder.";
  } else if (preview.isError && errorStatus(preview.error) !== 404) {
    title = "The reminder could not be loaded";
    text = `${errorMessage(preview.error)} Please try again in a moment.`;
  }

  return (
    <div className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-blue-50 via-background to-background px-4 py-10 sm:py-16 dark:from-background">
      <p className="mb-6 flex items-center gap-2 font-semibold text-lg">
        <HeartPulse aria-hidden="true" className="size-6 text-primary" />
        Medical Care Tracker
      </p>
      <Card className="w-full max-w-lg">
        <CardContent className="flex flex-col gap-4 p-6 sm:p-6" role="status" aria-live="polite">
          {preview.isPending ? (
            <Spinner label="Loading the reminder..." showLabel className="py-6 text-base" />
          ) : (
            <>
              <div className="flex items-center gap-3">
                {icon}
                <h1 className="break-words font-bold text-2xl">{title}</h1>
              </div>
              <p className="text-muted-foreground">{text}</p>
              <div className="flex flex-wrap gap-2">
                {data?.state === "ready" && !act.isSuccess && !act.isError ? (
                  <Button onClick={() => act.mutate()} disabled={act.isPending} className="min-w-32">
                    {act.isPending ? "Saving..." : label}
                  </Button>
                ) : null}
                {data && !data.details ? (
                  <Button asChild variant="outline">
                    <a href={loginHref(`/act/${encodeURIComponent(token)}`)}>Sign in</a>
                  </Button>
                ) : null}
                <Button asChild variant="outline">
                  <a href="/tasks">Open Tasks</a>
                </Button>
              </div>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
