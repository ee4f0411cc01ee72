import { useInfiniteQuery } from "@tanstack/react-query";
import { Pencil, Trash2 } from "lucide-react";
import { LengthFlag } from "@/client/components/line-care/length-flag";
import { RecordAuthors } from "@/client/components/record-screen/record-authors";
import { Button } from "@/client/components/ui/button";
import { Spinner } from "@/client/components/ui/spinner";
import { errorMessage } from "@/client/lib/api";
import { lengthFlagText } from "@/client/lib/line-length-flag";
import { cn } from "@/client/lib/utils";
import { drawSentence, shortSentence } from "@/domain/supply-kits";
import { type LineCareEvent, lineCareApi, type PiccLine } from "../api";
import { eventDetails, eventTitle, eventWhen, sawSomething } from "./line-care-texts";

/** Events a page: a line's history is read from the newest, a page at a time. */
const PAGE = "5";

/**
 * One line's care, newest first: each event with its details, notes and who logged it; a length
 * more than 1 cm off the length at insertion is flagged. "Show older" loads the next page.
 * `onEdit`/`onDelete` are left out for a role that only reads.
 */
export function LineCareHistory({
  line,
  lineName,
  onEdit,
  onDelete,
}: {
  line: PiccLine;
  lineName: string;
  onEdit?: (event: LineCareEvent) => void;
  onDelete?: (event: LineCareEvent) => void;
}) {
  const list = useInfiniteQuery(lineCareApi.pageOptions({ piccLineId: line.id, limit: PAGE }));
  if (list.isLoading) return <Spinner label="Loading care history..." className="py-3" />;
  if (list.error) return <p className="py-2 text-destructive text-sm">{errorMessage(list.error)}</p>;
  const events = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (events.length === 0) {
    return <p className="py-2 text-muted-foreground text-sm">No care logged for this line yet.</p>;
  }
  return (
    <div className="flex flex-col gap-3">
      <ol aria-label={`Care history of ${lineName}`} className="divide-y divide-border">
        {events.map((event) => (
          <HistoryItem
            key={event.id}
            event={event}
            flag={lengthFlagText(line.externalLengthCm, event.externalLengthCm)}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        ))}
      </ol>
      {list.hasNextPage ? (
        <Button
          variant="outline"
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

function HistoryItem({
  event,
  flag,
  onEdit,
  onDelete,
}: {
  event: LineCareEvent;
  flag: string | null;
  onEdit?: (event: LineCareEvent) => void;
  onDelete?: (event: LineCareEvent) => void;
}) {
  const title = eventTitle(event);
  const when = eventWhen(event);
  const details = eventDetails(event);
  return (
    <li className="flex items-start gap-2 py-3 first:pt-0 last:pb-0">
      <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
        <p className="break-words">
          <span className={cn("font-semibold", sawSomething(event) && "text-red-800")}>{title}</span>
          <span className="text-muted-foreground"> · {when}</span>
        </p>
        {details.length ? <p className="text-muted-foreground">{details.join(" · ")}</p> : null}
        {event.notes ? <p className="whitespace-pre-line break-words">{event.notes}</p> : null}
        {event.suppliesDrawn?.length ? (
          <p className="text-muted-foreground">
            {[drawSentence(event.suppliesDrawn), shortSentence(event.suppliesDrawn)]
              .filter(Boolean)
              .join(". ")}
          </p>
        ) : null}
        <LengthFlag text={flag} />
        <RecordAuthors record={event} />
      </div>
      {onEdit ? (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Edit ${title}, ${when}`}
          onClick={() => onEdit(event)}
        >
          <Pencil aria-hidden="true" />
        </Button>
      ) : null}
      {onDelete ? (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Delete ${title}, ${when}`}
          className="text-destructive hover:bg-red-50 hover:text-destructive"
          onClick={() => onDelete(event)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}
