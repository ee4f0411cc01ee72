import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, BellRing, Plus, X } from "lucide-react";
import { useState } from "react";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Input } from "@/client/components/ui/input";
import { Skeleton } from "@/client/components/ui/skeleton";
import { toast } from "@/client/components/ui/use-toast";
import { errorMessage } from "@/client/lib/api";
import { formatLongDate } from "@/client/lib/format";
import { useCan } from "@/client/lib/permissions";
import { reminderRotaKey, reminderRotaOptions, saveReminderRota } from "@/client/lib/reminders-api";
import type { ReminderRotaRecord } from "@/domain/reminders";
import { WEEKDAY_LABELS } from "@/domain/tasks";

const selectClass = "h-10 w-full rounded-md border border-input bg-card px-3 text-sm max-sm:min-h-11";
const isDate = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day);

/**
 * Who is told first of a task that comes due: per weekday, or on a date (which wins over its
 * weekday); a task assigned to someone goes to them first. The others follow after the ladder's
 * "next caregiver" step, in the family's order. Any caregiver may change it (shifts are swapped).
 */
export function ReminderRotaCard() {
  const queryClient = useQueryClient();
  const canWrite = useCan("write");
  const rota = useQuery(reminderRotaOptions());
  const save = useMutation({
    mutationFn: saveReminderRota,
    onSuccess: (saved) => {
      queryClient.setQueryData(reminderRotaKey, saved);
      toast({ title: "Saved", description: "Reminders follow the new rota from now on." });
    },
    onError: (error) =>
      toast({ title: "Not saved", description: errorMessage(error), variant: "destructive" }),
  });
  const data = rota.data;
  return (
    <Card id="reminder-rota">
      <CardHeader>
        <div className="flex items-center gap-3">
          <BellRing aria-hidden="true" className="size-5 text-primary" />
          <CardTitle>Who is reminded first</CardTitle>
        </div>
        <CardDescription>
          The caregiver on duty is told first when a task comes due; the next one after 30 minutes and
          everyone after an hour if nobody has done it. A fever with a line, or PN not started, goes to
          everyone at once.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {rota.isLoading ? <Skeleton className="h-40 w-full" /> : null}
        {rota.isError ? <p role="alert">The rota could not be loaded. {errorMessage(rota.error)}</p> : null}
        {data ? (
          <RotaForm
            data={data}
            readOnly={!canWrite}
            pending={save.isPending}
            onSave={(change) => save.mutate({ onDuty: data.onDuty, order: data.order, ...change })}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

function RotaForm({
  data,
  readOnly,
  pending,
  onSave,
}: {
  data: ReminderRotaRecord;
  readOnly: boolean;
  pending: boolean;
  onSave: (change: Partial<Pick<ReminderRotaRecord, "onDuty" | "order">>) => void;
}) {
  const [date, setDate] = useState("");
  const [dateUserId, setDateUserId] = useState("");
  const nameOf = (userId: string) => data.caregivers.find((c) => c.userId === userId)?.name ?? "A caregiver";
  const withDay = (day: string, userId: string) => {
    const onDuty = { ...data.onDuty };
    if (userId) onDuty[day] = userId;
    else delete onDuty[day];
    onSave({ onDuty });
  };
  // The family's order: the order set, then the others as they joined.
  const order = [
    ...data.order,
    ...data.caregivers.map((c) => c.userId).filter((id) => !data.order.includes(id)),
  ];
  const move = (index: number, by: -1 | 1) => {
    const next = [...order];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    onSave({ order: next });
  };
  const dates = Object.keys(data.onDuty).filter(isDate).sort();
  const options = data.caregivers.map((c) => (
    <option key={c.userId} value={c.userId}>
      {c.name ?? "A caregiver"}
    </option>
  ));
  return (
    <>
      <section aria-labelledby="rota-weekdays" className="flex flex-col gap-3">
        <h3 id="rota-weekdays" className="font-semibold">
          Each week
        </h3>
        <dl className="grid gap-3 sm:grid-cols-2">
          {WEEKDAY_LABELS.map((label, weekday) => {
            const day = String(weekday);
            const id = `on-duty-${day}`;
            return (
              <div key={day} className="flex flex-col gap-1">
                <dt>
                  <label htmlFor={id} className="font-medium text-sm">
                    {label}
                  </label>
                </dt>
                <dd>
                  <select
                    id={id}
                    className={selectClass}
                    value={data.onDuty[day] ?? ""}
                    disabled={readOnly || pending}
                    onChange={(event) => withDay(day, event.target.value)}
                  >
                    <option value="">First in the family's order</option>
                    {options}
                  </select>
                </dd>
              </div>
            );
          })}
        </dl>
      </section>
      <section aria-labelledby="rota-dates" className="flex flex-col gap-3">
        <h3 id="rota-dates" className="font-semibold">
          On a date
        </h3>
        {dates.length === 0 ? (
          <p className="text-muted-foreground text-sm">No date of its own: each day follows its weekday.</p>
        ) : (
          <ul aria-label="Dates with someone on duty" className="flex flex-col gap-2">
            {dates.map((day) => (
              <li
                key={day}
                className="flex items-center justify-between gap-2 rounded-md border border-border p-2"
              >
                <span>
                  {formatLongDate(day)}: <span className="font-medium">{nameOf(data.onDuty[day]!)}</span>
                </span>
                {readOnly ? null : (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${formatLongDate(day)}`}
                    disabled={pending}
                    onClick={() => withDay(day, "")}
                  >
                    <X aria-hidden="true" />
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {readOnly ? null : (
          <div className="flex flex-wrap items-end gap-2">
            <div className="flex flex-col gap-1 text-sm">
              <label htmlFor="on-duty-date" className="font-medium">
                Date
              </label>
              <Input
                type="date"
                id="on-duty-date"
                value={date}
                onChange={(event) => setDate(event.target.value)}
                className="w-44"
              />
            </div>
            <div className="flex min-w-44 flex-1 flex-col gap-1 text-sm">
              <label htmlFor="on-duty-date-person" className="font-medium">
                On duty
              </label>
              <select
                id="on-duty-date-person"
                className={selectClass}
                value={dateUserId}
                onChange={(e) => setDateUserId(e.target.value)}
              >
                <option value="">Choose a caregiver</option>
                {options}
              </select>
            </div>
            <Button
              variant="outline"
              disabled={pending || !isDate(date) || !dateUserId}
              onClick={() => {
                withDay(date, dateUserId);
                setDate("");
                setDateUserId("");
              }}
            >
              <Plus aria-hidden="true" />
              Add date
            </Button>
          </div>
        )}
      </section>
      <section aria-labelledby="rota-order" className="flex flex-col gap-3">
        <h3 id="rota-order" className="font-semibold">
          Then, in this order
        </h3>
        <ol aria-label="The family's order" className="flex flex-col gap-2">
          {order.map((userId, index) => (
            <li
              key={userId}
              className="flex items-center justify-between gap-2 rounded-md border border-border p-2"
            >
              <span>
                {index + 1}. {nameOf(userId)}
              </span>
              {readOnly ? null : (
                <span className="flex gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Move ${nameOf(userId)} up`}
                    disabled={pending || index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Move ${nameOf(userId)} down`}
                    disabled={pending || index === order.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
