import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarClock, FlaskConical, Pencil, Plus, Sparkles, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { ConfirmDeleteDialog } from "@/client/components/record-screen/confirm-delete-dialog";
import { useResourceMutations } from "@/client/components/record-screen/use-resource-mutations";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { toast } from "@/client/components/ui/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useChildren } from "@/client/lib/children-api";
import { formatLongDate } from "@/client/lib/format";
import { dashboardStatsQueryKey } from "@/client/lib/query-keys";
import { isSessionEndedError } from "@/client/lib/session-expiry";
import { tasksKey } from "@/client/lib/tasks-api";
import { useMinuteClock } from "@/client/lib/use-minute-clock";
import { familyClock } from "@/domain/clock";
import { everyText, panelAnalyteLabel, panelDueAt, SUGGESTED_PANELS } from "@/domain/lab-panels";
import { capitalized, TASK_KIND_TABLE } from "@/domain/task-kinds";
import { type LabPanel, type LabPanelBody, labPanelsApi } from "../api";
import { suggestedBody } from "../lab-panel-form";
import { LabPanelDialog } from "./lab-panel-dialog";
import { PanelResultDialog } from "./panel-result-dialog";
import { SuggestedPanelsDialog } from "./suggested-panels-dialog";

/** The query parameter that opens the result form of a panel: `/lab-results?panel=<id>` (a task's Done). */
export const PANEL_PARAM = "panel";

const GRACE_MS = TASK_KIND_TABLE["lab-panel"].graceMinutes * 60_000;

/** Where a panel stands now on the family's clock: overdue, due, or its date to come. */
function dueState(panel: LabPanel, now: Date): "overdue" | "due" | "ok" | "paused" {
  if (!panel.active) return "paused";
  const at = panelDueAt(panel.nextDue, familyClock().timeZone).getTime();
  if (now.getTime() >= at + GRACE_MS) return "overdue";
  return now.getTime() >= at ? "due" : "ok";
}

const STATE_BADGE = {
  overdue: { variant: "destructive", words: "Overdue" },
  due: { variant: "warning", words: "Due" },
  paused: { variant: "secondary", words: "Paused" },
} as const;

/**
 * The lab schedule of the child shown (or of every child): each panel with its next due date, its
 * last covering draw, how to draw it and where its interval comes from; "Enter results" opens the
 * result form with its analytes. Panels are added one by one or from the suggested set.
 */
export function LabSchedule({ childId, canWrite }: { childId: string | null; canWrite: boolean }) {
  const now = useMinuteClock();
  const queryClient = useQueryClient();
  const { data: children = [] } = useChildren();
  const list = useQuery(labPanelsApi.listOptions(childId ? { childId } : undefined));
  const panels = list.data ?? [];
  const [editing, setEditing] = useState<{ record: LabPanel | null } | null>(null);
  const [deleting, setDeleting] = useState<LabPanel | null>(null);
  const [suggesting, setSuggesting] = useState(false);
  const [entering, setEntering] = useState<LabPanel | null>(null);
  const mutations = useResourceMutations(labPanelsApi, {
    messages: {
      created: "Lab panel added",
      createFailed: "Failed to add the lab panel",
      updated: "Lab panel updated",
      updateFailed: "Failed to update the lab panel",
      deleted: "Lab panel deleted",
      deleteFailed: "Failed to delete the lab panel",
    },
    alsoInvalidate: [tasksKey, dashboardStatsQueryKey],
    entryLabel: "lab panel",
  });

  // A task's "Enter results" comes here with the panel in the address: its form opens once.
  const [asked, setAsked] = useState(() => new URLSearchParams(window.location.search).get(PANEL_PARAM));
  useEffect(() => {
    if (!asked || !list.data || !canWrite) return;
    const panel = list.data.find((p) => p.id === asked);
    // Not in what is shown yet (a list kept from before, being fetched again): wait for the answer.
    if (!panel && list.isFetching) return;
    const params = new URLSearchParams(window.location.search);
    params.delete(PANEL_PARAM);
    const search = params.toString();
    window.history.replaceState(
      window.history.state,
      "",
      `${window.location.pathname}${search ? `?${search}` : ""}`,
    );
    setAsked(null);
    if (panel) setEntering(panel);
  }, [asked, list.data, list.isFetching, canWrite]);

  // The chosen suggestions, one request each; what was saved before a failure stays (and shows).
  const addSuggested = async (chosen: number[], forChild: string, firstDue: string) => {
    let added = 0;
    try {
      for (const i of chosen) {
        const suggestion = SUGGESTED_PANELS[i];
        if (!suggestion) continue;
        await labPanelsApi.create(suggestedBody(suggestion, forChild, firstDue) as LabPanelBody);
        added += 1;
      }
      toast({
        title: `${added} lab panel${added === 1 ? "" : "s"} added`,
        description: "Change any of them to the team's.",
      });
    } catch (error) {
      if (!isSessionEndedError(error)) {
        toast({
          title: "Failed to add the lab panels",
          description: errorMessage(error),
          variant: "destructive",
        });
      }
      throw error;
    } finally {
      await Promise.all(
        [labPanelsApi.key, tasksKey, dashboardStatsQueryKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    }
  };

  const childName = (id: string) => children.find((c) => c.id === id)?.name;
  const several = !childId && children.length > 1;

  return (
    <Card className="mb-6" aria-labelledby="lab-schedule-title">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle id="lab-schedule-title" className="flex items-center gap-2">
            <CalendarClock aria-hidden="true" className="size-5 text-primary" />
            Lab schedule
          </CardTitle>
          <CardDescription>
            The panels the team draws, each due on its date until a result holding all of its analytes is
            entered.
          </CardDescription>
        </div>
        {canWrite ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setSuggesting(true)}>
              <Sparkles aria-hidden="true" />
              Suggested panels
            </Button>
            <Button variant="outline" onClick={() => setEditing({ record: null })}>
              <Plus aria-hidden="true" />
              Add panel
            </Button>
          </div>
        ) : null}
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <div className="flex flex-col gap-3" aria-busy="true">
            <span className="sr-only">Loading the lab schedule</span>
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : list.isError ? (
          <div className="flex flex-wrap items-center gap-3 text-sm" role="alert">
            The lab schedule could not be loaded.
            <Button variant="outline" size="sm" onClick={() => list.refetch()}>
              Try again
            </Button>
          </div>
        ) : panels.length === 0 ? (
          <div className="flex flex-col items-start gap-2 rounded-lg border border-border border-dashed p-4 text-sm">
            <p className="font-medium">No lab schedule yet.</p>
            <p className="text-muted-foreground">
              Add the panels your child's team draws, or start from the suggested panels for a child on home
              PN and change them to the team's.
            </p>
          </div>
        ) : (
          <ul className="flex flex-col gap-3">
            {panels.map((panel) => {
              const state = dueState(panel, now);
              const badge = state === "ok" ? null : STATE_BADGE[state];
              const name = childName(panel.childId);
              return (
                <li
                  key={panel.id}
                  data-panel-id={panel.id}
                  className="flex flex-col gap-3 rounded-lg border border-border p-3 sm:flex-row sm:items-start sm:p-4"
                >
                  <div className="flex min-w-0 flex-1 gap-3">
                    <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                    <div className="min-w-0 flex-1">
                      <p className="flex flex-wrap items-center gap-2 font-semibold">
                        <span className="break-words">{panel.name}</span>
                        {several && name ? (
                          <span className="font-normal text-muted-foreground text-sm">{name}</span>
                        ) : null}
                        {badge ? <Badge variant={badge.variant}>{badge.words}</Badge> : null}
                      </p>
                      <p className="text-muted-foreground text-sm">
                        {capitalized(everyText(panel))} · {panel.analytes.map(panelAnalyteLabel).join(", ")}
                      </p>
                      <dl className="mt-1 grid gap-x-4 text-sm sm:grid-cols-2">
                        <div className="flex gap-1">
                          <dt className="text-muted-foreground">Next due:</dt>
                          <dd className="font-medium">
                            {panel.active ? formatLongDate(panel.nextDue) : "paused"}
                          </dd>
                        </div>
                        <div className="flex gap-1">
                          <dt className="text-muted-foreground">Last drawn:</dt>
                          <dd>{panel.lastDrawn ? formatLongDate(panel.lastDrawn) : "not yet"}</dd>
                        </div>
                      </dl>
                      {panel.instructions ? (
                        <p className="mt-1 text-sm">
                          <span className="text-muted-foreground">How to draw:</span> {panel.instructions}
                        </p>
                      ) : null}
                      {panel.source ? (
                        <p className="mt-1 text-muted-foreground text-xs">Schedule from: {panel.source}</p>
                      ) : null}
                    </div>
                  </div>
                  {canWrite ? (
                    <div className="flex shrink-0 flex-wrap items-center gap-2 self-end sm:self-start">
                      <Button
                        variant={state === "due" || state === "overdue" ? "default" : "outline"}
                        onClick={() => setEntering(panel)}
                        aria-label={`Enter results: ${panel.name}`}
                      >
                        Enter results
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        onClick={() => setEditing({ record: panel })}
                        aria-label={`Edit ${panel.name}`}
                      >
                        <Pencil aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        onClick={() => setDeleting(panel)}
                        aria-label={`Delete ${panel.name}`}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      {editing ? (
        <LabPanelDialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          record={editing.record}
          childId={childId}
          onSubmit={(body) =>
            editing.record
              ? mutations.update.mutateAsync({
                  id: editing.record.id,
                  input: body,
                  version: editing.record.version,
                })
              : mutations.create.mutateAsync(body)
          }
        />
      ) : null}
      {suggesting ? (
        <SuggestedPanelsDialog
          open
          onOpenChange={(open) => !open && setSuggesting(false)}
          childId={childId}
          onAdd={addSuggested}
        />
      ) : null}
      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete lab panel"
        description={
          deleting
            ? `Delete "${deleting.name}" from the lab schedule? Its results stay in Lab Results. This cannot be undone.`
            : undefined
        }
        onConfirm={() =>
          deleting
            ? mutations.remove.mutateAsync({ id: deleting.id, version: deleting.version })
            : Promise.resolve()
        }
      />
      {entering ? <PanelResultDialog panel={entering} onClose={() => setEntering(null)} /> : null}
    </Card>
  );
}
