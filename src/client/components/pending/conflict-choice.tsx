import { Button } from "@/client/components/ui/button";
import type { OutboxEntry } from "@/client/lib/outbox/entry";
import { changedByText, conflictRows } from "./conflict-texts";

/**
 * An edit or delete that waited on this phone while someone else changed the same record (the
 * server's 412): both versions side by side, the fields that differ only, and a choice. "Keep
 * mine" sends this phone's change on top of theirs; "Keep theirs" lets it go. Nothing is decided
 * for the person.
 */
export function ConflictChoice({
  entry,
  current,
  name,
  onKeepMine,
  onKeepTheirs,
}: {
  entry: OutboxEntry;
  current: Record<string, unknown>;
  name: string;
  onKeepMine: () => void;
  onKeepTheirs: () => void;
}) {
  const changed = changedByText(current);
  if (entry.op === "delete") {
    return (
      <div className="flex flex-col gap-2">
        <p>{changed} after it was deleted on this phone.</p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={onKeepTheirs} aria-label={`Keep ${name}`}>
            Keep it
          </Button>
          <Button size="sm" variant="outline" onClick={onKeepMine} aria-label={`Delete ${name} anyway`}>
            Delete anyway
          </Button>
        </div>
      </div>
    );
  }
  const rows = conflictRows(entry, current);
  return (
    <div className="flex flex-col gap-2">
      <p>{changed} while this change waited.</p>
      {rows.length ? (
        <table className="w-full border-collapse text-left text-xs">
          <caption className="sr-only">This phone's change beside the record as it is now</caption>
          <thead>
            <tr className="text-amber-900">
              <th scope="col" className="py-1 pr-2 font-medium">
                Field
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                On this phone
              </th>
              <th scope="col" className="py-1 font-medium">
                Saved now
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.field} className="border-amber-200 border-t align-top">
                <th scope="row" className="py-1 pr-2 font-medium">
                  {row.label}
                </th>
                <td className="break-words py-1 pr-2">{row.mine}</td>
                <td className="break-words py-1">{row.theirs}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>The record already holds every value of this change.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={onKeepTheirs} aria-label={`Keep theirs for ${name}`}>
          Keep theirs
        </Button>
        <Button size="sm" variant="outline" onClick={onKeepMine} aria-label={`Keep mine for ${name}`}>
          Keep mine
        </Button>
      </div>
    </div>
  );
}
