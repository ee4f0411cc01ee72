import { CloudOff } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { Button } from "@/client/components/ui/button";
import { useChildren } from "@/client/lib/children-api";
import type { OutboxEntry } from "@/client/lib/outbox/entry";
import { ownerUser } from "@/client/lib/pending-saves";
import { OutboxItem } from "./outbox-item";
import { heldText, waitingText } from "./outbox-texts";

// The forms that change a dose or a usage waiting here load when Edit asks for one.
const EntryEditor = lazy(() => import("./entry-editor").then((m) => ({ default: m.EntryEditor })));

/**
 * "3 entries waiting to send", with the list to open: each entry
 * names what it is, for which child, when it was saved and how it waits (refused: why), with
 * Edit and Discard. It opens by itself when the server refused one (it needs an answer). Entries
 * saved on this device by another person (or in another family) are counted as held, never sent
 * under this account, and not named.
 */
export function OutboxBar({
  owner,
  entries,
  onAnswered,
}: {
  owner: string;
  entries: readonly OutboxEntry[];
  /** An entry was put back to be sent: send now. */
  onAnswered: () => void;
}) {
  const userId = ownerUser(owner);
  const mine = entries.filter((e) => e.owner === owner);
  const others = entries.filter((e) => e.owner !== owner);
  const byOthers = others.filter((e) => ownerUser(e.owner) !== userId).length;
  const inOtherFamilies = others.length - byOthers;
  const refused = mine.filter((e) => e.refusal).length;
  const [opened, setOpened] = useState<boolean | null>(null);
  const open = opened ?? refused > 0;
  const [editing, setEditing] = useState<OutboxEntry | null>(null);
  const children = useChildren().data ?? [];
  const listId = useId();

  if (entries.length === 0) return null;
  return (
    <section
      aria-label="Waiting to send"
      className="min-h-0 overflow-y-auto rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 text-sm shadow-lg"
    >
      {mine.length ? (
        <div className="flex items-center gap-2">
          <CloudOff aria-hidden="true" className="size-4 shrink-0" />
          <p role="status" className="flex-1 font-medium">
            {waitingText(mine.length)}
            {refused ? `, ${refused} ${refused === 1 ? "needs" : "need"} your answer` : ""}
          </p>
          <Button
            size="sm"
            variant="outline"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpened(!open)}
          >
            {open ? "Hide" : "Show"}
          </Button>
        </div>
      ) : null}
      {open && mine.length ? (
        <ul id={listId} aria-label="Entries waiting to send" className="mt-3 flex flex-col gap-3">
          {mine.map((entry) => (
            <OutboxItem
              key={entry.id}
              entry={entry}
              childName={children.find((c) => c.id === entry.childId)?.name}
              onAnswered={onAnswered}
              onEdit={setEditing}
            />
          ))}
        </ul>
      ) : null}
      {byOthers ? <p className={mine.length ? "mt-2" : ""}>{heldText(byOthers, "person")}</p> : null}
      {inOtherFamilies ? <p className="mt-2 first:mt-0">{heldText(inOtherFamilies, "family")}</p> : null}
      {editing ? (
        <Suspense fallback={null}>
          <EntryEditor entry={editing} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
