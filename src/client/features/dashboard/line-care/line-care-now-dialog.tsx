import { useQueries } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link } from "wouter";
import { useLineCareMutations } from "@/client/components/line-care/use-line-care-mutations";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { FormAlert } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { toast } from "@/client/components/ui/use-toast";
import { errorMessage } from "@/client/lib/api";
import { formatTime, toDateOnly, toTimeOnly } from "@/client/lib/format";
import {
  type LineCareEvent,
  type LineCareValues,
  lineCareApi,
  type PiccLine,
} from "@/client/lib/line-care-api";
import { PAGE_CHILD_PARAM } from "@/client/lib/page-child";
import { newEntryKey } from "@/client/lib/pending-saves";
import { isSessionEndedError } from "@/client/lib/session-expiry";
import {
  DRESSING_TYPE_LABELS,
  LINE_CARE_LABELS,
  type LineCareKind,
  LOCK_SOLUTION_LABELS,
} from "@/domain/line-care";
import { kitDrawNote } from "@/domain/supply-kits";

type Extras = Partial<Omit<LineCareValues, "childId" | "piccLineId" | "kind" | "date" | "time">>;

interface NowButton {
  kind: LineCareKind;
  label: string;
  /** What is logged beside the kind, as last time. */
  hint?: string;
  extras: Extras;
}

/** The kinds whose last event gives the next one's details: the dressing, the tubing's set, the lock. */
const REMEMBERED = ["dressing", "tubing", "lock"] as const;

/**
 * The buttons, each logging its kind now: the routine care first (as last time: the same dressing,
 * set and lock), then a normal site check, then the problems.
 */
function nowButtons(last: Partial<Record<(typeof REMEMBERED)[number], LineCareEvent>>): NowButton[] {
  const dressing = last.dressing?.dressingType ?? "transparent";
  const tubing = last.tubing;
  const lock = last.lock;
  return [
    {
      kind: "dressing",
      label: "Dressing changed",
      hint: `${DRESSING_TYPE_LABELS[dressing]}, as last time`,
      extras: { dressingType: dressing },
    },
    { kind: "connector", label: "Cap changed", hint: "Needleless connector", extras: {} },
    {
      kind: "tubing",
      label: "Tubing changed",
      hint: tubing?.lipidsAlone
        ? "Lipids alone, as last time"
        : tubing?.withLipids
          ? "With lipids, as last time"
          : undefined,
      extras: tubing ? { withLipids: tubing.withLipids, lipidsAlone: tubing.lipidsAlone } : {},
    },
    {
      kind: "lock",
      label: "Lock given",
      hint: lock?.lockSolution ? `${LOCK_SOLUTION_LABELS[lock.lockSolution]}, as last time` : undefined,
      extras: lock ? { lockSolution: lock.lockSolution, dwellMinutes: lock.dwellMinutes } : {},
    },
    { kind: "flush", label: "Line flushed", extras: {} },
    { kind: "site-check", label: "Site checked: normal", extras: { findings: ["normal"] } },
    { kind: "occlusion", label: "Occlusion", hint: "Would not flush or run", extras: {} },
    { kind: "breakage", label: "Breakage", hint: "A crack, a cut or a leak", extras: {} },
    { kind: "dislodgement", label: "Dislodgement", hint: "Pulled out or moved", extras: {} },
  ];
}

const nowButton =
  "flex min-h-12 w-full cursor-pointer flex-col items-start justify-center rounded-lg border border-border px-3 py-2 text-left font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/40 disabled:opacity-50";

/**
 * Log now's "Line care": every kind of a line's care logged now in one tap (the details as last
 * time), an external length typed and saved, and PICC Lines for an earlier time or more details.
 */
export function LineCareNowDialog({
  open,
  onOpenChange,
  line,
  childName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  line: Pick<PiccLine, "id" | "childId">;
  childName: string;
}) {
  const lastEvents = useQueries({
    queries: REMEMBERED.map((kind) => ({
      ...lineCareApi.listOptions({ piccLineId: line.id, kind, limit: "1" }),
      staleTime: 0,
    })),
  });
  const last = Object.fromEntries(
    REMEMBERED.map((kind, i) => [kind, (lastEvents[i]?.data as LineCareEvent[] | undefined)?.[0]]),
  );
  // The dialog's own toast says what a dressing's kit drew.
  const { createEntry } = useLineCareMutations("", { kitNote: false });
  const [problem, setProblem] = useState<string>();
  const [length, setLength] = useState("");
  const lengthId = useId();

  const log = async (kind: LineCareKind, extras: Extras) => {
    setProblem(undefined);
    const time = toTimeOnly();
    try {
      const outcome = await createEntry.mutateAsync({
        input: {
          childId: line.childId,
          piccLineId: line.id,
          kind,
          date: toDateOnly(),
          time,
          ...extras,
        } as LineCareValues,
        entryKey: newEntryKey(),
        label: LINE_CARE_LABELS[kind].toLowerCase(),
      });
      if (outcome.saved) {
        toast({
          title: `${LINE_CARE_LABELS[kind]} logged`,
          description: [`On ${childName}'s line at ${formatTime(time)}.`, kitDrawNote(outcome.saved)]
            .filter(Boolean)
            .join(" "),
        });
      }
      onOpenChange(false);
      setLength("");
    } catch (err) {
      // The failure's toast is the mutation's; the dialog stays open with the reason.
      if (!isSessionEndedError(err)) setProblem(errorMessage(err));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Line care</DialogTitle>
          <DialogDescription>{`${childName}'s line. A tap logs it now.`}</DialogDescription>
        </DialogHeader>
        <FormAlert message={problem} />
        <ul className="grid gap-2 sm:grid-cols-2">
          {nowButtons(last).map((button) => (
            <li key={button.kind}>
              <button
                type="button"
                className={nowButton}
                disabled={createEntry.isPending}
                onClick={() => log(button.kind, button.extras)}
              >
                {button.label}
                {button.hint ? (
                  <span className="font-normal text-muted-foreground text-sm">{button.hint}</span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const cm = Number(length.replace(",", "."));
            if (!length.trim() || !Number.isFinite(cm)) {
              setProblem("Enter the length measured, in cm");
              return;
            }
            void log("external-length", { externalLengthCm: cm });
          }}
        >
          <div className="flex flex-1 flex-col gap-1">
            <label htmlFor={lengthId} className="font-medium text-sm">
              External length (cm)
            </label>
            <Input
              id={lengthId}
              inputMode="decimal"
              value={length}
              onChange={(event) => setLength(event.target.value)}
            />
          </div>
          <Button type="submit" variant="outline" disabled={createEntry.isPending}>
            Save length
          </Button>
        </form>
        <p className="text-muted-foreground text-sm">
          Earlier, or with details (a site finding, notes):{" "}
          <Link
            href={`/picc-lines?${PAGE_CHILD_PARAM}=${line.childId}`}
            className="font-medium text-primary underline-offset-4 hover:underline"
            onClick={() => onOpenChange(false)}
          >
            PICC Lines
          </Link>
        </p>
      </DialogContent>
    </Dialog>
  );
}
