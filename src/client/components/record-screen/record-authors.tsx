import { createContext, type ReactNode, useContext } from "react";
import { useAuth } from "@/client/lib/auth";
import { waitingOf } from "@/client/lib/pending-saves";
import { type AuthoredRecord, authoredOf, authorsDetail, authorsParts } from "@/client/lib/record-authors";
import { cn } from "@/client/lib/utils";
import { familyClock } from "@/domain/clock";

/**
 * The record a list item shows: `RecordScreenList` provides it around each card, so every card
 * built on `RecordCard` says who added and changed its record without being told.
 */
const ListedRecord = createContext<AuthoredRecord | null>(null);

export function ListedRecordProvider({ record, children }: { record: object; children: ReactNode }) {
  return <ListedRecord.Provider value={authoredOf(record)}>{children}</ListedRecord.Provider>;
}

/** The record of the list item around (null outside a record list). */
export function useListedRecord(): AuthoredRecord | null {
  return useContext(ListedRecord);
}

/**
 * One quiet line: "Added by Maria · changed by Tom, 2 hours ago", in the family's zone, "you" for
 * the signed-in person; "Waiting to send" for a record saved on this device and not sent yet. It stays on one line and is cut short on a narrow card (the whole names and
 * exact times are in its tooltip). Without `record`, the record of the list item around; nothing for null.
 */
export function RecordAuthors({ record, className }: { record?: AuthoredRecord | null; className?: string }) {
  const listed = useListedRecord();
  const viewerId = useAuth().user?.id ?? null;
  const shown = record === undefined ? listed : record;
  if (!shown) return null;
  // Saved on this device, not on the server yet: that is what the reader needs to know of it.
  const waiting = waitingOf(shown);
  if (waiting) {
    return (
      <p className={cn("font-medium text-amber-800 text-xs", className)} data-waiting="">
        {waiting.state === "refused" ? `Not sent: ${waiting.message}` : "Waiting to send"}
      </p>
    );
  }
  const reader = { viewerId, timeZone: familyClock().timeZone, now: new Date() };
  const [added, changed] = authorsParts(shown, reader);
  // On a narrow card the addition is shortened first: the latest change is what a reader looks for.
  return (
    <p
      className={cn(
        "flex min-w-0 overflow-hidden whitespace-nowrap text-muted-foreground text-xs",
        className,
      )}
      title={authorsDetail(shown, reader)}
      data-record-authors=""
    >
      <span className="min-w-0 truncate">{added}</span>
      {changed ? <span className="shrink-0 whitespace-pre">{` · ${changed}`}</span> : null}
    </p>
  );
}
