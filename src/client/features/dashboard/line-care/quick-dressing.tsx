import { useState } from "react";
import { Link } from "wouter";
import { ChildAvatar } from "@/client/components/children/child-avatar";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { formatCardDate } from "@/client/lib/format";
import { DressingChangedDialog } from "./dressing-changed-dialog";
import { LineCareNowDialog } from "./line-care-now-dialog";
import { useLinesInPlace } from "./use-lines-in-place";

const choice =
  "flex min-h-12 w-full items-center gap-3 rounded-lg border border-border px-3 py-2 text-left font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/40";

/**
 * "Dressing changed" (or, with `all`, "Line care": every kind in one tap) from Log now: straight to
 * the form when the children in view have one line in place between them; else first which line,
 * or where to add one.
 */
export function QuickDressing({
  open,
  onOpenChange,
  all = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  all?: boolean;
}) {
  const { rows, isLoading, isError } = useLinesInPlace();
  const [chosen, setChosen] = useState<string | null>(null);
  const close = (next: boolean) => {
    if (!next) setChosen(null);
    onOpenChange(next);
  };
  if (isLoading) return null;
  const row = rows.length === 1 ? rows[0] : rows.find((r) => r.line.id === chosen);
  if (row && all) {
    return <LineCareNowDialog open={open} onOpenChange={close} line={row.line} childName={row.child.name} />;
  }
  if (row) {
    return (
      <DressingChangedDialog open={open} onOpenChange={close} line={row.line} childName={row.child.name} />
    );
  }
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {rows.length ? `${all ? "Line care" : "Dressing changed"} on which line?` : "No line in place"}
          </DialogTitle>
          <DialogDescription>
            {isError
              ? "The lines could not be loaded. Check the connection and try again."
              : rows.length
                ? "The change is logged on that line's care."
                : `${all ? "Line care" : "A dressing change"} is logged on a line. Add the line on PICC Lines first.`}
          </DialogDescription>
        </DialogHeader>
        {rows.length ? (
          <ul className="flex flex-col gap-2">
            {rows.map(({ child, line }) => (
              <li key={line.id}>
                <button type="button" className={choice} onClick={() => setChosen(line.id)}>
                  <ChildAvatar name={child.name} color={child.avatarColor} size="sm" />
                  <span>
                    {child.name}
                    <span className="block font-normal text-muted-foreground text-sm">
                      Line in since {formatCardDate(line.insertionDate)}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <Button asChild variant="outline" className="self-start">
            <Link href="/picc-lines" onClick={() => close(false)}>
              Go to PICC Lines
            </Link>
          </Button>
        )}
      </DialogContent>
    </Dialog>
  );
}
