import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BellRing } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { toast } from "@/client/components/ui/use-toast";
import { errorMessage, getJson, requestJson } from "@/client/lib/api";
import { useCan } from "@/client/lib/permissions";
import type { ReminderRotaInput, ReminderRotaRecord } from "@/domain/reminders";
import { WEEKDAY_LABELS } from "@/domain/tasks";

const rotaKey = ["family", "reminders"] as const;
const selectClass = "h-10 w-full rounded-md border border-input bg-card px-3 text-sm max-sm:min-h-11";

/**
 * Who is told first of a task that comes due, per weekday (a task assigned to someone goes to them
 * first). The others follow after the ladder's "next caregiver" step, in the family's order.
 */
export function ReminderRotaCard() {
  const queryClient = useQueryClient();
  const canWrite = useCan("write");
  const rota = useQuery({
    queryKey: rotaKey,
    queryFn: () => getJson<ReminderRotaRecord>("/api/family/reminders"),
  });
  const save = useMutation({
    mutationFn: (input: ReminderRotaInput) =>
      requestJson<ReminderRotaRecord>("PUT", "/api/family/reminders", input),
    onSuccess: (saved) => {
      queryClient.setQueryData(rotaKey, saved);
      toast({ title: "Saved", description: "Reminders follow the new rota from now on." });
    },
    onError: (error) =>
      toast({ title: "Not saved", description: errorMessage(error), variant: "destructive" }),
  });
  const data = rota.data;
  const setDay = (day: string, userId: string) => {
    if (!data) return;
    const onDuty = { ...data.onDuty };
    if (userId) onDuty[day] = userId;
    else delete onDuty[day];
    save.mutate({ onDuty, order: data.order });
  };
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
      <CardContent>
        {rota.isLoading ? <Skeleton className="h-40 w-full" /> : null}
        {rota.isError ? <p role="alert">The rota could not be loaded. {errorMessage(rota.error)}</p> : null}
        {data ? (
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
                      disabled={!canWrite || save.isPending}
                      onChange={(event) => setDay(day, event.target.value)}
                    >
                      <option value="">First in the family</option>
                      {data.caregivers.map((c) => (
                        <option key={c.userId} value={c.userId}>
                          {c.name ?? "A caregiver"}
                        </option>
                      ))}
                    </select>
                  </dd>
                </div>
              );
            })}
          </dl>
        ) : null}
      </CardContent>
    </Card>
  );
}
