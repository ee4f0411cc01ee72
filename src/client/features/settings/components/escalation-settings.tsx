import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Save } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { toast } from "@/client/components/ui/use-toast";
import { errorIssues, errorMessage } from "@/client/lib/api";
import {
  type TaskSettingsRecord,
  taskSettingsKey,
  tasksKey,
  updateTaskSettings,
} from "@/client/lib/tasks-api";
import { useValuesFromServer } from "@/client/lib/use-values-from-server";
import { taskSettingsInput } from "@/domain/task-records";
import {
  DEFAULT_ESCALATION_BY_KIND,
  type EscalationPolicy,
  TASK_KIND_LABELS,
  TASK_KINDS,
  type TaskKind,
  URGENT_KINDS,
} from "@/domain/tasks";

const FIELDS = [
  ["repeatMinutes", "Repeat every"],
  ["nextAfterMinutes", "Next caregiver after"],
  ["everyoneAfterMinutes", "Everyone after"],
] as const satisfies readonly (readonly [keyof EscalationPolicy, string])[];

type Ladder = Record<keyof EscalationPolicy, string>;
const ladderOf = (settings: TaskSettingsRecord, kind: TaskKind): Ladder => {
  const policy = settings.escalation[kind] ?? DEFAULT_ESCALATION_BY_KIND[kind];
  return {
    repeatMinutes: String(policy.repeatMinutes),
    nextAfterMinutes: String(policy.nextAfterMinutes),
    everyoneAfterMinutes: String(policy.everyoneAfterMinutes),
  };
};

/**
 * Each kind of task's reminder ladder, in minutes from the due time: how often it repeats, when
 * the next caregiver is told, when everyone is. The owner changes them; everyone reads them.
 */
export function EscalationSettings({
  settings,
  readOnly,
}: {
  settings: TaskSettingsRecord;
  readOnly: boolean;
}) {
  const queryClient = useQueryClient();
  const [values, setValues] = useValuesFromServer(
    Object.fromEntries(TASK_KINDS.map((kind) => [kind, ladderOf(settings, kind)])) as Record<
      TaskKind,
      Ladder
    >,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** The kinds changed, as the server takes them (the whole ladder of each). */
  const changes = () => {
    const changed = TASK_KINDS.filter((kind) =>
      FIELDS.some(([field]) => values[kind][field] !== ladderOf(settings, kind)[field]),
    );
    return { escalation: Object.fromEntries(changed.map((kind) => [kind, values[kind]])) };
  };
  const save = useMutation({
    mutationFn: () => updateTaskSettings(changes()),
    onSuccess: async (saved) => {
      setErrors({});
      queryClient.setQueryData(taskSettingsKey, saved);
      toast({ title: "Reminder steps saved", description: "The next reminders follow them." });
      await queryClient.invalidateQueries({ queryKey: tasksKey });
    },
    onError: (error) => {
      const issues = errorIssues(error);
      setErrors(Object.fromEntries(issues.map((i) => [i.path, i.message])));
      if (!issues.length)
        toast({ title: "Not saved", description: errorMessage(error), variant: "destructive" });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The server's own schema first: a step between two reminders is refused here as there.
    const parsed = taskSettingsInput.safeParse(changes());
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message])));
      return;
    }
    save.mutate();
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <h3 className="font-semibold">Reminder steps, in minutes from the due time</h3>
      <p className="text-muted-foreground text-sm">
        Reminders go out at the due time and then every "Repeat every" minutes: the next caregiver and
        everyone are told at one of those reminders, so their minutes are a multiple of it.
      </p>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[32rem] text-sm">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col" className="py-1 pr-2 font-medium">
                Kind of task
              </th>
              {FIELDS.map(([field, label]) => (
                <th key={field} scope="col" className="px-1 py-1 font-medium">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {TASK_KINDS.map((kind) => (
              <tr key={kind} className="border-border border-t">
                <th scope="row" className="py-1.5 pr-2 text-left font-normal">
                  {TASK_KIND_LABELS[kind]}
                  {URGENT_KINDS.includes(kind) ? (
                    <span className="block text-muted-foreground text-xs">Everyone at once</span>
                  ) : null}
                </th>
                {FIELDS.map(([field, label]) => {
                  const error = errors[`escalation.${kind}.${field}`];
                  const id = `escalation-${kind}-${field}`;
                  return (
                    <td key={field} className="px-1 py-1.5 align-top">
                      <Input
                        id={id}
                        inputMode="numeric"
                        aria-label={`${TASK_KIND_LABELS[kind]}: ${label} (minutes)`}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${id}-error` : undefined}
                        value={values[kind][field]}
                        readOnly={readOnly}
                        disabled={
                          readOnly ? undefined : URGENT_KINDS.includes(kind) && field !== "repeatMinutes"
                        }
                        onChange={(event) =>
                          setValues((v) => ({ ...v, [kind]: { ...v[kind], [field]: event.target.value } }))
                        }
                        className="h-9 w-24"
                      />
                      {error ? (
                        <p id={`${id}-error`} className="mt-1 text-destructive text-xs">
                          {error}
                        </p>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {readOnly ? null : (
        <Button type="submit" variant="outline" className="self-start" disabled={save.isPending}>
          <Save aria-hidden="true" />
          {save.isPending ? "Saving..." : "Save reminder steps"}
        </Button>
      )}
    </form>
  );
}
