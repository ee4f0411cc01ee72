import { useQuery } from "@tanstack/react-query";
import { ChevronDown, ClipboardPlus } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { CarePills } from "@/client/components/line-care/care-pills";
import { useLineCareMutations } from "@/client/components/line-care/use-line-care-mutations";
import { ConfirmDeleteDialog } from "@/client/components/record-screen/confirm-delete-dialog";
import { useOnceTrue } from "@/client/components/record-screen/record-screen-parts";
import { useRecordDialogs } from "@/client/components/record-screen/use-record-dialogs";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Spinner } from "@/client/components/ui/spinner";
import { errorMessage } from "@/client/lib/api";
import { formatCardDate, toDateOnly } from "@/client/lib/format";
import { careStatusOptions, linesInPlace } from "@/client/lib/line-care-api";
import { useCan } from "@/client/lib/permissions";
import { cn } from "@/client/lib/utils";
import { daysBetween } from "@/domain/dates";
import type { LineCareEvent, PiccLine } from "../api";
import { lineLabel } from "../picc-labels";
import { LineCareHistory } from "./line-care-history";
import { eventTitle, eventWhen } from "./line-care-texts";

// The form and its libraries load when it first opens.
const LineCareDialog = lazy(() => import("./line-care-dialog").then((m) => ({ default: m.LineCareDialog })));

interface Target {
  line: PiccLine;
  event: LineCareEvent | null;
}

/**
 * The care of a child's lines: for each line in place, its four scheduled cares as pills, "Log
 * care" and its history; below, the history of the lines already out, one line at a time.
 */
export function LineCarePanels({ lines }: { lines: readonly PiccLine[] }) {
  const current = linesInPlace(lines, toDateOnly());
  const earlier = lines
    .filter((line) => !current.includes(line))
    .sort((a, b) => b.insertionDate.localeCompare(a.insertionDate));
  const canWrite = useCan("write");
  const dialogs = useRecordDialogs<Target>();
  const { createEntry, update, remove } = useLineCareMutations();
  const formOpened = useOnceTrue(dialogs.formOpen);
  const target = dialogs.editing;
  const deleting = dialogs.deleting;
  const actions = canWrite
    ? {
        onLog: (line: PiccLine) => dialogs.openEdit({ line, event: null }),
        onEdit: (line: PiccLine, event: LineCareEvent) => dialogs.openEdit({ line, event }),
        onDelete: (line: PiccLine, event: LineCareEvent) => dialogs.openDelete({ line, event }),
      }
    : {};
  if (lines.length === 0) return null;
  return (
    <div className="mb-6 flex flex-col gap-6">
      {current.map((line) => (
        <CurrentLineCare key={line.id} line={line} {...actions} />
      ))}
      {earlier.length ? <EarlierLinesCare lines={earlier} {...actions} /> : null}
      <Suspense fallback={null}>
        {formOpened && target ? (
          <LineCareDialog
            open={dialogs.formOpen}
            onOpenChange={dialogs.setFormOpen}
            line={target.line}
            lineName={lineLabel(target.line)}
            event={target.event}
            onSubmit={(input, entry) =>
              target.event
                ? update.mutateAsync({ id: target.event.id, input })
                : createEntry.mutateAsync({ input, entryKey: entry.key })
            }
          />
        ) : null}
      </Suspense>
      <ConfirmDeleteDialog
        open={dialogs.deleteOpen}
        onOpenChange={dialogs.setDeleteOpen}
        title="Delete line care entry"
        itemName={deleting?.event ? `${eventTitle(deleting.event)}, ${eventWhen(deleting.event)}` : undefined}
        onConfirm={() => (deleting?.event ? remove.mutateAsync(deleting.event.id) : Promise.resolve())}
      />
    </div>
  );
}

interface LineActions {
  onLog?: (line: PiccLine) => void;
  onEdit?: (line: PiccLine, event: LineCareEvent) => void;
  onDelete?: (line: PiccLine, event: LineCareEvent) => void;
}

function historyActions(line: PiccLine, { onEdit, onDelete }: LineActions) {
  return {
    onEdit: onEdit ? (event: LineCareEvent) => onEdit(line, event) : undefined,
    onDelete: onDelete ? (event: LineCareEvent) => onDelete(line, event) : undefined,
  };
}

function CurrentLineCare({ line, ...actions }: { line: PiccLine } & LineActions) {
  const name = lineLabel(line);
  const status = useQuery(careStatusOptions(line.id));
  const headingId = useId();
  const days = daysBetween(line.insertionDate, toDateOnly());
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle id={headingId}>Line care</CardTitle>
          <CardDescription>
            {name} · {days} {days === 1 ? "day" : "days"} in
          </CardDescription>
        </div>
        {actions.onLog ? (
          <Button aria-label={`Log care for ${name}`} onClick={() => actions.onLog?.(line)}>
            <ClipboardPlus aria-hidden="true" />
            Log care
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {status.isLoading ? <Spinner label="Loading care status..." className="py-2" /> : null}
        {status.error ? <p className="text-destructive text-sm">{errorMessage(status.error)}</p> : null}
        {status.data ? <CarePills statuses={status.data} details label={`Care status of ${name}`} /> : null}
        <section aria-labelledby={`${headingId}-history`} className="flex flex-col gap-2">
          <h3 id={`${headingId}-history`} className="font-semibold text-sm">
            Care history
          </h3>
          <LineCareHistory line={line} lineName={name} {...historyActions(line, actions)} />
        </section>
      </CardContent>
    </Card>
  );
}

/** The lines already out: each line's history opens on asking (logging a forgotten event too). */
function EarlierLinesCare({ lines, ...actions }: { lines: readonly PiccLine[] } & LineActions) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <CardTitle id={headingId}>Care of earlier lines</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y divide-border">
          {lines.map((line) => (
            <EarlierLine key={line.id} line={line} {...actions} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function EarlierLine({ line, ...actions }: { line: PiccLine } & LineActions) {
  const [open, setOpen] = useState(false);
  const historyId = useId();
  const name = lineLabel(line);
  return (
    <li className="flex flex-col gap-2 py-2 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button
          variant="ghost"
          className="h-auto min-h-11 min-w-0 flex-1 shrink justify-start whitespace-normal px-2 text-left"
          aria-expanded={open}
          aria-controls={historyId}
          onClick={() => setOpen((o) => !o)}
        >
          <ChevronDown aria-hidden="true" className={cn("transition-transform", open && "rotate-180")} />
          <span>
            {name}
            {line.removalDate ? `, out ${formatCardDate(line.removalDate)}` : ""}
          </span>
        </Button>
        {open && actions.onLog ? (
          <Button
            variant="outline"
            size="sm"
            aria-label={`Log care for ${name}`}
            onClick={() => actions.onLog?.(line)}
          >
            Log care
          </Button>
        ) : null}
      </div>
      <div id={historyId} hidden={!open} className="pl-2">
        {open ? <LineCareHistory line={line} lineName={name} {...historyActions(line, actions)} /> : null}
      </div>
    </li>
  );
}
