import { useState } from "react";
import { useLocation } from "wouter";
import { Button } from "@/client/components/ui/button";
import { SafeChoiceDialog } from "@/client/components/ui/safe-choice-dialog";
import { dosesApi } from "@/client/lib/doses-api";
import type { OutboxEntry } from "@/client/lib/outbox/entry";
import { loadOutbox } from "@/client/lib/pending-saves";
import { supplyUsageApi } from "@/client/lib/supplies-api";
import { ConflictChoice } from "./conflict-choice";
import { refusalQuestion, savedWhen } from "./outbox-texts";

/** The entries whose form opens here, over the page (`EntryEditor`): made from a dialog, not a screen's list. */
const EDITED_HERE = new Set([dosesApi.basePath, supplyUsageApi.basePath]);

/** How Edit changes an entry: its form here, its screen's edit form (`?edit=<id>`), or not at all (a delete). */
function editOf(entry: OutboxEntry): "here" | "screen" | null {
  if (entry.op === "delete") return null;
  if (entry.op === "create" && EDITED_HERE.has(entry.path)) return "here";
  return entry.screen ? "screen" : null;
}

/**
 * One entry waiting to send: what it is, for which child, when it was saved and how it waits.
 * Refused: the server's reason or question, and its answers (a dose given meanwhile by someone
 * else: record this one as a second dose; any other reason: try again). Edit opens its form with
 * what was saved (a create changed stays one create); Discard asks first ("Keep it" is the safe,
 * primary answer).
 */
export function OutboxItem({
  entry,
  childName,
  onAnswered,
  onEdit,
}: {
  entry: OutboxEntry;
  childName: string | undefined;
  /** The entry was put back to be sent: send it now. */
  onAnswered: () => void;
  /** Opens the form of an entry edited here. */
  onEdit: (entry: OutboxEntry) => void;
}) {
  const [discarding, setDiscarding] = useState(false);
  const [, navigate] = useLocation();
  const { refusal } = entry;
  const name = `${entry.label}${childName ? ` for ${childName}` : ""}`;
  const edit = editOf(entry);
  // Someone changed the record while this edit or delete waited: the two versions, to keep one.
  const conflict =
    refusal?.status === 412 && refusal.current && typeof refusal.current === "object"
      ? (refusal.current as Record<string, unknown>)
      : null;
  const answer = async (how: "confirm" | "retry" | "overwrite") => {
    await (await loadOutbox()).answerRefusal(entry.id, how);
    onAnswered();
  };
  const openEdit = () => {
    if (edit === "here") onEdit(entry);
    else if (entry.screen) {
      navigate(
        `${entry.screen}${entry.screen.includes("?") ? "&" : "?"}edit=${encodeURIComponent(entry.recordId)}`,
      );
    }
  };
  return (
    <li className="flex flex-col gap-1.5 border-amber-200 border-t pt-3 first:border-t-0 first:pt-0">
      <p className="font-medium first-letter:uppercase">{name}</p>
      <p className="text-amber-900 text-xs">
        Saved {savedWhen(entry)} · {refusal ? "Not sent" : "Waiting to send"}
      </p>
      {conflict ? (
        <ConflictChoice
          entry={entry}
          current={conflict}
          name={name}
          onKeepMine={() => void answer("overwrite")}
          onKeepTheirs={() => void loadOutbox().then((outbox) => outbox.discard(entry.id))}
        />
      ) : refusal ? (
        <p>{refusalQuestion(refusal, new Date())}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {conflict ? null : refusal?.tooSoon ? (
          <Button size="sm" variant="outline" onClick={() => void answer("confirm")}>
            Record a second dose
          </Button>
        ) : refusal ? (
          <Button size="sm" variant="outline" onClick={() => void answer("retry")}>
            Try again
          </Button>
        ) : null}
        {edit ? (
          <Button size="sm" variant="outline" aria-label={`Edit ${name}`} onClick={openEdit}>
            Edit
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="outline"
          aria-label={`Discard ${name}`}
          onClick={() => setDiscarding(true)}
        >
          Discard
        </Button>
      </div>
      <SafeChoiceDialog
        choice={
          discarding
            ? {
                title: "Discard this entry?",
                description: `The ${entry.label} saved on this phone at ${savedWhen(entry)} will not be recorded.`,
                safeLabel: "Keep it",
                riskyLabel: "Discard this entry",
              }
            : null
        }
        onAnswer={(choice) => {
          setDiscarding(false);
          if (choice === "risky") void loadOutbox().then((outbox) => outbox.discard(entry.id));
        }}
      />
    </li>
  );
}
