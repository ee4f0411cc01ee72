import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Bell } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { FormAlert, FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { TimeInput } from "@/client/components/ui/time-input";
import { toast } from "@/client/components/ui/use-toast";
import { errorIssues, errorMessage } from "@/client/lib/api";
import {
  type NotificationSettings,
  notificationSettingsQueryKey,
  notificationSettingsQueryOptions,
  notificationsQueryKey,
  saveNotificationSettings,
} from "@/client/lib/notifications-api";
import { isSessionEndedError } from "@/client/lib/session-expiry";
import { ChannelTest } from "./channel-test";
import { DeliveryLog } from "./delivery-log";
import { NotificationKindsTable } from "./notification-kinds-table";
import { draftIssues, draftOf, inputOf, type NotificationDraft } from "./notification-settings-form";
import { PushDevices } from "./push-devices";

/**
 * Settings' Notifications: where reminders of care tasks reach the person besides the inbox (this
 * app on their devices, ntfy, email), which kinds go where, quiet hours, whether the lock screen
 * may say what a reminder is about, a test per channel and the delivery log. The person's own, the
 * same in every family.
 */
export function NotificationsCard() {
  const { data: settings, isError } = useQuery(notificationSettingsQueryOptions);
  // Opened from a link to it or its delivery log (the inbox, a test notification): in view once loaded.
  const loaded = settings !== undefined;
  useEffect(() => {
    const target = window.location.hash.slice(1);
    if (loaded && (target === "notifications" || target === "delivery-log"))
      document.getElementById(target)?.scrollIntoView({ block: "start" });
  }, [loaded]);
  return (
    <Card id="notifications" className="scroll-mt-20">
      <CardHeader>
        <div className="flex items-center gap-3">
          <Bell aria-hidden="true" className="size-5 text-primary" />
          <CardTitle>Notifications</CardTitle>
        </div>
        <CardDescription>
          Reminders of care tasks always appear under the bell at the top. Choose where else they reach you,
          on every device you use.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings ? (
          <NotificationsForm settings={settings} />
        ) : (
          <p className="text-muted-foreground text-sm">
            {isError ? "Your notification settings could not be loaded." : "Loading notification settings..."}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function NotificationsForm({ settings }: { settings: NotificationSettings }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<NotificationDraft>(() => draftOf(settings));
  const [saved, setSaved] = useState<NotificationDraft>(draft);
  const [serverIssues, setServerIssues] = useState<Record<string, string>>({});
  const [showIssues, setShowIssues] = useState(false);
  const issues = showIssues ? { ...draftIssues(draft), ...serverIssues } : serverIssues;
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const change = (part: Partial<NotificationDraft>) => {
    setDraft((current) => ({ ...current, ...part }));
    setServerIssues({});
  };
  const save = useMutation({
    mutationFn: () => saveNotificationSettings(inputOf(draft)),
    onSuccess: async (answer) => {
      queryClient.setQueryData(notificationSettingsQueryKey, answer);
      const next = draftOf(answer);
      setDraft(next);
      setSaved(next);
      setShowIssues(false);
      toast({ title: "Notification settings saved" });
      await queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    },
    onError: (error) => {
      if (isSessionEndedError(error)) return;
      setServerIssues(Object.fromEntries(errorIssues(error).map((issue) => [issue.path, issue.message])));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowIssues(true);
    if (Object.keys(draftIssues(draft)).length === 0) save.mutate();
  };
  const unsaved = dirty ? "Save your changes first, then send a test." : undefined;

  return (
    <form onSubmit={submit} noValidate aria-label="Notification settings" className="flex flex-col gap-6">
      {!settings.receivesTasks ? (
        <p className="rounded-md border border-border bg-muted px-3 py-2 text-sm">
          As a viewer in this family you are not sent its care tasks. What you choose here applies in the
          families where you look after the children.
        </p>
      ) : null}

      <Section
        title="This app on your devices"
        description="A notification on this phone or computer, with Done and Snooze buttons. Signing out does not stop it: on a shared device, turn it off here first."
      >
        <Toggle checked={draft.push} onChange={(push) => change({ push })}>
          Send reminders to my devices
        </Toggle>
        <PushDevices settings={settings} />
        {settings.devices.length > 0 ? (
          <ChannelTest channel="push" label="Send a test to my devices" disabledReason={unsaved} />
        ) : null}
      </Section>

      <Section
        title="ntfy"
        description={
          <>
            The free ntfy app (Android, iPhone) shows messages sent to a topic, even when this app is closed.
            Install it, subscribe to a topic of your own, and enter the same topic here.
          </>
        }
      >
        <Toggle checked={draft.ntfyEnabled} onChange={(ntfyEnabled) => change({ ntfyEnabled })}>
          Send reminders to ntfy
        </Toggle>
        {draft.ntfyEnabled ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Server"
              error={issues["ntfy.server"]}
              hint="https://ntfy.sh, or your own ntfy server. One on your home network works once whoever runs this app allows it (NTFY_ALLOWED_HOSTS)."
            >
              {(control) => (
                <Input
                  {...control}
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  value={draft.ntfyServer}
                  onChange={(event) => change({ ntfyServer: event.target.value })}
                />
              )}
            </FormField>
            <FormField
              label="Topic"
              required
              error={issues["ntfy.topic"]}
              hint="Hard to guess: on ntfy.sh anyone who knows a topic can read it."
            >
              {(control) => (
                <Input
                  {...control}
                  autoComplete="off"
                  autoCapitalize="off"
                  spellCheck={false}
                  maxLength={64}
                  value={draft.ntfyTopic}
                  onChange={(event) => change({ ntfyTopic: event.target.value })}
                />
              )}
            </FormField>
            <FormField
              label="Access token (optional)"
              error={issues["ntfy.token"]}
              hint={
                settings.ntfy.hasToken && !draft.removeToken
                  ? "A token is saved. Type a new one to replace it."
                  : "For a topic that needs one: ntfy gives it under Account, Access tokens."
              }
              className="sm:col-span-2"
            >
              {(control) => (
                <div className="flex flex-wrap gap-2">
                  <Input
                    {...control}
                    type="password"
                    autoComplete="off"
                    className="min-w-0 flex-1"
                    placeholder={settings.ntfy.hasToken && !draft.removeToken ? "Saved" : ""}
                    value={draft.ntfyToken}
                    onChange={(event) => change({ ntfyToken: event.target.value, removeToken: false })}
                  />
                  {settings.ntfy.hasToken && !draft.removeToken ? (
                    <Button variant="outline" onClick={() => change({ ntfyToken: "", removeToken: true })}>
                      Remove token
                    </Button>
                  ) : null}
                </div>
              )}
            </FormField>
          </div>
        ) : null}
        {settings.ntfy.enabled && settings.ntfy.topic ? (
          <ChannelTest channel="ntfy" label="Send a test to ntfy" disabledReason={unsaved} />
        ) : null}
      </Section>

      <Section
        title="Email"
        description="Slower than the others: best as a second way that does not miss anything."
      >
        <Toggle checked={draft.email} onChange={(email) => change({ email })}>
          {settings.emailAddress ? `Email reminders to ${settings.emailAddress}` : "Email reminders"}
        </Toggle>
        {draft.email && !settings.emailConfirmed ? (
          <p className="text-destructive text-sm">
            {settings.emailAddress
              ? "Your email address is not confirmed yet: reminders go out once you confirm it (see Profile above)."
              : "Your account has no email address."}
          </p>
        ) : null}
        {settings.email ? (
          <ChannelTest channel="email" label="Send a test email" disabledReason={unsaved} />
        ) : null}
      </Section>

      <Section title="What goes where" description="The inbox always has every reminder.">
        <NotificationKindsTable draft={draft} onChange={(kinds) => change({ kinds })} />
      </Section>

      <Section
        title="Quiet hours"
        description="Reminders that are not urgent wait until quiet hours end, even once they have reached everyone. Urgent ones come through: a fever with a central line, PN not started by its latest time, a task marked urgent."
      >
        <Toggle checked={draft.quiet} onChange={(quiet) => change({ quiet })}>
          Keep quiet hours
        </Toggle>
        {draft.quiet ? (
          <div className="grid max-w-sm grid-cols-2 gap-4">
            <FormField label="From" error={issues["quietHours.start"]}>
              {(control) => (
                <TimeInput
                  {...control}
                  value={draft.quietStart}
                  onChange={(time) => change({ quietStart: time })}
                />
              )}
            </FormField>
            <FormField label="Until" error={issues["quietHours.end"]}>
              {(control) => (
                <TimeInput
                  {...control}
                  value={draft.quietEnd}
                  onChange={(time) => change({ quietEnd: time })}
                />
              )}
            </FormField>
          </div>
        ) : null}
      </Section>

      <Section
        title="On the lock screen"
        description="Off, a reminder says only that a care task is due. On, it shows the task's words, which may name your child and their care, on the lock screen, in ntfy and in email."
      >
        <Toggle checked={draft.showDetails} onChange={(showDetails) => change({ showDetails })}>
          Show what a reminder is about
        </Toggle>
      </Section>

      <FormAlert
        message={save.isError && !isSessionEndedError(save.error) ? errorMessage(save.error) : undefined}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save notification settings"}
        </Button>
        {dirty ? <span className="text-muted-foreground text-sm">Unsaved changes</span> : null}
      </div>

      <Section title="Test the inbox" description="A test appears under the bell, as a reminder would.">
        <ChannelTest channel="inbox" label="Send a test to the inbox" />
      </Section>

      <Section
        title="Delivery log"
        description="Your latest reminders outside the app, and why any did not arrive."
      >
        <DeliveryLog />
      </Section>
    </form>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 border-border border-t pt-5 first:border-t-0 first:pt-0"
    >
      <div>
        <h3 id={id} className="font-semibold">
          {title}
        </h3>
        <p className="text-muted-foreground text-sm">{description}</p>
      </div>
      {children}
    </section>
  );
}

function Toggle({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
      <input
        type="checkbox"
        className="size-5 shrink-0 accent-primary"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="font-medium">{children}</span>
    </label>
  );
}
