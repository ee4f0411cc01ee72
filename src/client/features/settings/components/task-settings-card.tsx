import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ListChecks, Save } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Skeleton } from "@/client/components/ui/skeleton";
import { TimeInput } from "@/client/components/ui/time-input";
import { toast } from "@/client/components/ui/use-toast";
import { errorIssues, errorMessage } from "@/client/lib/api";
import { useCan } from "@/client/lib/permissions";
import { isSessionEndedError } from "@/client/lib/session-expiry";
import {
  type TaskSettingsRecord,
  taskSettingsOptions,
  tasksKey,
  updateTaskSettings,
} from "@/client/lib/tasks-api";
import { useValuesFromServer } from "@/client/lib/use-values-from-server";
import {
  DEFAULT_TASK_SETTINGS,
  STOCK_DAYS_TO_KEEP_SOURCE,
  TASK_SETTING_SOURCES,
  WEEKDAY_LABELS,
} from "@/domain/tasks";
import { EscalationSettings } from "./escalation-settings";

type Values = Record<Exclude<keyof TaskSettingsRecord, "escalation">, string>;

const text = (value: number | string | null) => (value === null ? "" : String(value));
const valuesOf = (settings: TaskSettingsRecord): Values => ({
  deliveryWeekday: text(settings.deliveryWeekday),
  nextDeliveryDate: text(settings.nextDeliveryDate),
  stockDaysToKeep: text(settings.stockDaysToKeep),
  expiryWarningDays: text(settings.expiryWarningDays),
  labsEveryWeeks: text(settings.labsEveryWeeks),
  weighEveryDays: text(settings.weighEveryDays),
  fridgeOutHours: text(settings.fridgeOutHours),
  pnStartTime: text(settings.pnStartTime),
  pnLatestStartTime: text(settings.pnLatestStartTime),
});

const selectClass = "h-10 rounded-md border border-input bg-card px-3 text-sm max-sm:min-h-11";

/**
 * What the care tasks go by: the supplies' delivery day, how far ahead an expiry is flagged, how
 * often labs and a weight are due, and when the PN bag comes out of the fridge. The owner sets
 * them; everyone sees them, with where the defaults come from.
 */
export function TaskSettingsCard() {
  const settings = useQuery(taskSettingsOptions());
  const canManage = useCan("manage");
  return (
    <Card id="task-settings">
      <CardHeader>
        <div className="flex items-center gap-3">
          <ListChecks aria-hidden="true" className="size-5 text-primary" />
          <CardTitle>Care tasks</CardTitle>
        </div>
        <CardDescription>
          When supplies, labs, weights and the PN bag come due on Tasks. Every clinic differs: use your team's
          and your pharmacy's.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {settings.isLoading ? <Skeleton className="h-40 w-full" /> : null}
        {settings.isError ? (
          <p role="alert">The settings could not be loaded. {errorMessage(settings.error)}</p>
        ) : null}
        {settings.data ? <TaskSettingsForm settings={settings.data} readOnly={!canManage} /> : null}
        {settings.data ? <EscalationSettings settings={settings.data} readOnly={!canManage} /> : null}
        <details className="text-muted-foreground text-sm">
          <summary className="cursor-pointer font-medium text-foreground">
            Where the defaults come from
          </summary>
          <ul className="mt-2 flex list-disc flex-col gap-1 pl-5">
            <li>
              Labs every {DEFAULT_TASK_SETTINGS.labsEveryWeeks} weeks and a weight every{" "}
              {DEFAULT_TASK_SETTINGS.weighEveryDays} days sit within home monitoring's "weekly to monthly"
              once stable.
            </li>
            <li>
              The PN bag out {DEFAULT_TASK_SETTINGS.fridgeOutHours} hours before: pharmacies say 1 to 6 hours.
            </li>
            {[...TASK_SETTING_SOURCES.monitoring, ...TASK_SETTING_SOURCES.fridgeOut].map((source) => (
              <li key={source.url}>
                <a
                  href={source.url}
                  target="_blank"
                  rel="noreferrer"
                  className="underline underline-offset-2"
                >
                  {source.name}
                </a>
              </li>
            ))}
          </ul>
        </details>
      </CardContent>
    </Card>
  );
}

function TaskSettingsForm({ settings, readOnly }: { settings: TaskSettingsRecord; readOnly: boolean }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useValuesFromServer(valuesOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof Values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));
  const save = useMutation({
    mutationFn: () =>
      updateTaskSettings({
        deliveryWeekday: values.deliveryWeekday === "" ? null : Number(values.deliveryWeekday),
        nextDeliveryDate: values.nextDeliveryDate || null,
        stockDaysToKeep: values.stockDaysToKeep,
        expiryWarningDays: values.expiryWarningDays,
        labsEveryWeeks: values.labsEveryWeeks || null,
        weighEveryDays: values.weighEveryDays || null,
        fridgeOutHours: values.fridgeOutHours,
        pnStartTime: values.pnStartTime || null,
        pnLatestStartTime: values.pnLatestStartTime || null,
      }),
    onSuccess: async (saved) => {
      setValues(valuesOf(saved));
      setErrors({});
      toast({ title: "Task settings saved", description: "Tasks follow them now." });
      await queryClient.invalidateQueries({ queryKey: tasksKey });
    },
    onError: (error) => {
      if (isSessionEndedError(error)) return;
      const issues = errorIssues(error);
      setErrors(Object.fromEntries(issues.map((i) => [i.path, i.message])));
      if (!issues.length)
        toast({ title: "Not saved", description: errorMessage(error), variant: "destructive" });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const field = (key: keyof Values, label: string, hint: string, extra: Record<string, string> = {}) => (
    <FormField label={label} hint={hint} error={errors[key]}>
      {(control) =>
        extra.type === "time" ? (
          <TimeInput
            {...control}
            value={values[key]}
            onChange={(time) => set(key)({ target: { value: time } })}
            readOnly={readOnly}
          />
        ) : (
          <Input {...control} {...extra} value={values[key]} onChange={set(key)} readOnly={readOnly} />
        )
      }
    </FormField>
  );
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Supplies delivered on"
          hint="Each week; a supply is reordered in time for it."
          error={errors.deliveryWeekday}
        >
          {(control) => (
            <select
              {...control}
              value={values.deliveryWeekday}
              onChange={set("deliveryWeekday")}
              disabled={readOnly}
              className={selectClass}
            >
              <option value="">Not set</option>
              {WEEKDAY_LABELS.map((label, day) => (
                <option key={label} value={String(day)}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {field(
          "nextDeliveryDate",
          "Next delivery (if not weekly)",
          "Wins over the weekday until it has passed.",
          {
            type: "date",
          },
        )}
        <FormField
          label="Days of stock to keep on delivery day"
          hint={
            <>
              A supply is ordered so each delivery still finds this many days of use. Default{" "}
              {DEFAULT_TASK_SETTINGS.stockDaysToKeep}:{" "}
              <a className="underline" href={STOCK_DAYS_TO_KEEP_SOURCE.url} target="_blank" rel="noreferrer">
                CHOP keeps 1 to 2 days of PN on delivery day
              </a>
              .
            </>
          }
          error={errors.stockDaysToKeep}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              value={values.stockDaysToKeep}
              onChange={set("stockDaysToKeep")}
              readOnly={readOnly}
            />
          )}
        </FormField>
        {field("expiryWarningDays", "Flag an expiry this many days ahead", "Supplies in stock only.", {
          inputMode: "numeric",
        })}
        {field("labsEveryWeeks", "Labs every (weeks)", "Empty: no labs reminder.", { inputMode: "numeric" })}
        {field("weighEveryDays", "Weigh every (days)", "Empty: no weighing reminder.", {
          inputMode: "numeric",
        })}
        {field("pnStartTime", "Usual PN start time", "Empty: the start time of the last TPN entry.", {
          type: "time",
        })}
        {field(
          "pnLatestStartTime",
          "Latest PN start time",
          "Not started by then tells every caregiver at once. Empty: no such alert.",
          { type: "time" },
        )}
        {field(
          "fridgeOutHours",
          "PN bag out of the fridge (hours before)",
          "Your pharmacy's: 1 to 6 hours.",
          {
            inputMode: "numeric",
          },
        )}
      </div>
      {readOnly ? (
        <p className="text-muted-foreground text-sm">The family's owner sets these.</p>
      ) : (
        <Button type="submit" className="self-start" disabled={save.isPending}>
          <Save aria-hidden="true" />
          {save.isPending ? "Saving..." : "Save task settings"}
        </Button>
      )}
    </form>
  );
}
