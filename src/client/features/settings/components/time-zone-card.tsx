import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Globe, Save } from "lucide-react";
import { type FormEvent, useId, useMemo, useState } from "react";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { toast } from "@/client/components/ui/use-toast";
import { errorIssues, errorMessage, requestJson } from "@/client/lib/api";
import { type AuthUser, authQueryKey } from "@/client/lib/auth";
import { familyTimeFormat } from "@/client/lib/family-clock";
import { isSessionEndedError } from "@/client/lib/session-expiry";
import { deviceTimeZone, formatStamp } from "@/domain/clock";
import { timeZoneField } from "@/domain/fields";
import { formatTimeOfDay, TIME_FORMAT_LABELS, TIME_FORMATS, type TimeFormat } from "@/domain/time-format";
import { findTimeZone, timeZoneChoices } from "@/domain/time-zone-search";
import { updateProfile } from "../api";

/**
 * The family's time zone: every "today", default date and time, count of days and export stamp
 * follows it. Its owner sets it (a searchable list, typing filters the names, and this device's
 * zone in one tap); the other members see it.
 */
export function TimeZoneCard({ user }: { user: AuthUser }) {
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-3">
          <Globe aria-hidden="true" className="size-5 text-primary" />
          <CardTitle>Time zone</CardTitle>
        </div>
        <CardDescription>
          Today's date, the times forms start with and the times in exports follow your family's time zone.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {user.role === "owner" ? <TimeZoneForm user={user} /> : <FamilyTimeZone timeZone={user.timeZone} />}
        <TimeFormatChoice user={user} />
      </CardContent>
    </Card>
  );
}

/**
 * How the family writes times: 24 hours or 12 with AM and PM, on every screen, message and export
 * of every member. The owner chooses; the others see it.
 */
function TimeFormatChoice({ user }: { user: AuthUser }) {
  const queryClient = useQueryClient();
  const id = useId();
  const save = useMutation({
    mutationFn: (timeFormat: TimeFormat) => requestJson<AuthUser>("PATCH", "/api/family", { timeFormat }),
    onSuccess: (updated) => {
      queryClient.setQueryData(authQueryKey, updated);
      toast({
        title: "Time format saved",
        description: `Times now read ${formatTimeOfDay("14:30", updated.timeFormat)}.`,
      });
    },
    onError: (err) => {
      if (isSessionEndedError(err)) return;
      toast({
        title: "The time format was not saved",
        description: errorMessage(err),
        variant: "destructive",
      });
    },
  });
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-hint`}>
      <legend className="font-medium text-sm">Times shown as</legend>
      <div className="flex flex-wrap gap-4">
        {TIME_FORMATS.map((format) => (
          <label key={format} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-format`}
              value={format}
              checked={user.timeFormat === format}
              disabled={user.role !== "owner" || save.isPending}
              onChange={() => save.mutate(format)}
              className="size-4 accent-primary"
            />
            {TIME_FORMAT_LABELS[format]}
          </label>
        ))}
      </div>
      <p id={`${id}-hint`} className="text-muted-foreground text-sm">
        {user.role === "owner"
          ? "For everyone in the family, on every screen and in exports."
          : "Set by the family's owner, for everyone in the family."}
      </p>
    </fieldset>
  );
}

/** A member's view: the family's zone and its time now, set by the owner. */
function FamilyTimeZone({ timeZone }: { timeZone: string }) {
  return (
    <FormField
      label="Your family's time zone"
      hint={`Now there: ${formatStamp(new Date(), timeZone, familyTimeFormat())}. Set by the family's owner.`}
      className="sm:max-w-md"
    >
      {(control) => <Input {...control} value={timeZone} readOnly />}
    </FormField>
  );
}

function TimeZoneForm({ user }: { user: AuthUser }) {
  const queryClient = useQueryClient();
  const listId = useId();
  const [value, setValue] = useState(user.timeZone);
  const [error, setError] = useState<string | undefined>();
  const device = deviceTimeZone();

  const save = useMutation({
    mutationFn: (timeZone: string) =>
      // The profile is saved whole: the names go back as they are.
      updateProfile({
        firstName: user.firstName,
        lastName: user.lastName,
        childName: user.childName,
        timeZone,
      }),
    onSuccess: (updated) => {
      queryClient.setQueryData(authQueryKey, updated);
      setValue(updated.timeZone);
      toast({ title: "Time zone saved", description: `Dates now follow ${updated.timeZone}.` });
    },
    onError: (err) => {
      if (isSessionEndedError(err)) return;
      const issue = errorIssues(err).find((i) => i.path === "timeZone");
      setError(issue?.message ?? "The time zone was not saved. Please try again.");
    },
  });

  // The list follows what is typed: cities ("Boston (America/New_York)") and zone names.
  const choices = useMemo(() => timeZoneChoices(value), [value]);
  const submit = (typed: string) => {
    const zone = findTimeZone(typed);
    if (!zone) {
      setError(
        `No time zone found for "${typed.trim()}". Type a city, such as Boston, or a zone, such as Europe/London.`,
      );
      return;
    }
    const parsed = timeZoneField.safeParse(zone);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(value);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField
        label="Your family's time zone"
        hint={`Now there: ${formatStamp(new Date(), user.timeZone, user.timeFormat)}. Type a city to search.`}
        error={error}
        className="sm:max-w-md"
      >
        {(control) => (
          <Input
            {...control}
            list={listId}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(undefined);
            }}
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </FormField>
      <datalist id={listId}>
        {choices.map((choice) => (
          <option key={choice} value={choice} />
        ))}
      </datalist>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending || findTimeZone(value) === user.timeZone}>
          <Save aria-hidden="true" />
          {save.isPending ? "Saving..." : "Save time zone"}
        </Button>
        {device !== user.timeZone ? (
          <Button type="button" variant="outline" disabled={save.isPending} onClick={() => submit(device)}>
            Use this device's ({device})
          </Button>
        ) : null}
      </div>
    </form>
  );
}
