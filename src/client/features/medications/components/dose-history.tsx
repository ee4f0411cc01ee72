import { useInfiniteQuery } from "@tanstack/react-query";
import { ChevronDown, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/client/components/ui/button";
import { Spinner } from "@/client/components/ui/spinner";
import { errorMessage } from "@/client/lib/api";
import { type Dose, dosesApi } from "@/client/lib/doses-api";
import { formatDateTime } from "@/client/lib/format";
import { cn } from "@/client/lib/utils";
import { DOSE_STATUS_LABELS } from "@/domain/doses";

/** Doses a page: the latest few are what a parent checks; older ones load on asking. */
const PAGE = "5";

/** "Given Nov 27, 2026 08:05": a dose in the history and in the delete question. */
export const doseTitle = (dose: Pick<Dose, "status" | "givenAt">) =>
  `${DOSE_STATUS_LABELS[dose.status]} ${formatDateTime(dose.givenAt)}`;

/**
 * A medication's doses, opened on asking: newest first, each with its time on the family's clock,
 * whether it was given or skipped, the amount, the reason and who recorded it; "Show older" loads
 * the next page. `onDelete` is left out for a role that only reads.
 */
export function DoseHistory({
  medicationId,
  medicationName,
  onDelete,
}: {
  medicationId: string;
  medicationName: string;
  onDelete?: (dose: Dose) => void;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="ghost"
        size="sm"
        className="self-start px-2 text-primary"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <ChevronDown aria-hidden="true" className={cn("transition-transform", open && "rotate-180")} />
        Dose history
      </Button>
      <div id={listId} hidden={!open}>
        {open ? (
          <DoseList medicationId={medicationId} medicationName={medicationName} onDelete={onDelete} />
        ) : null}
      </div>
    </div>
  );
}

function DoseList({
  medicationId,
  medicationName,
  onDelete,
}: {
  medicationId: string;
  medicationName: string;
  onDelete?: (dose: Dose) => void;
}) {
  // Asked again each time it opens: another caregiver may have given a dose since.
  const list = useInfiniteQuery({ ...dosesApi.pageOptions({ medicationId, limit: PAGE }), staleTime: 0 });
  if (list.isLoading) return <Spinner label="Loading doses..." className="py-2" />;
  if (list.error) return <p className="py-2 text-destructive text-sm">{errorMessage(list.error)}</p>;
  const doses = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (doses.length === 0) {
    return <p className="py-1 text-muted-foreground text-sm">No doses recorded yet.</p>;
  }
  return (
    <div className="flex flex-col gap-3">
      <ol aria-label={`Doses of ${medicationName}`} className="divide-y divide-border">
        {doses.map((dose) => (
          <DoseItem key={dose.id} dose={dose} onDelete={onDelete} />
        ))}
      </ol>
      {list.hasNextPage ? (
        <Button
          variant="outline"
          size="sm"
          className="self-center"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? "Loading..." : "Show older"}
        </Button>
      ) : null}
    </div>
  );
}

function DoseItem({ dose, onDelete }: { dose: Dose; onDelete?: (dose: Dose) => void }) {
  const title = doseTitle(dose);
  const details = [dose.amount, dose.reason ? `Reason: ${dose.reason}` : null].filter(Boolean);
  return (
    <li className="flex items-start gap-2 py-2.5 first:pt-0 last:pb-0">
      <div className="flex min-w-0 flex-1 flex-col gap-0.5 text-sm">
        <p className="break-words">
          <span className={cn("font-semibold", dose.status === "skipped" && "text-amber-900")}>
            {DOSE_STATUS_LABELS[dose.status]}
          </span>{" "}
          {formatDateTime(dose.givenAt)}
          {dose.createdByName ? (
            <span className="text-muted-foreground"> · by {dose.createdByName}</span>
          ) : null}
        </p>
        {details.length ? <p className="break-words text-muted-foreground">{details.join(" · ")}</p> : null}
        {dose.notes ? <p className="whitespace-pre-line break-words">{dose.notes}</p> : null}
      </div>
      {onDelete ? (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Delete dose: ${title}`}
          className="-my-1.5 text-destructive hover:bg-red-50 hover:text-destructive"
          onClick={() => onDelete(dose)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}
