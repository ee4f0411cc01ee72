import { useState } from "react";
import { ChoiceChips } from "@/client/components/forms/choice-chips";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  stickyFooterClassName,
} from "@/client/components/ui/dialog";
import { FormAlert, FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { useChildren } from "@/client/lib/children-api";
import { toDateOnly } from "@/client/lib/format";
import { everyText, PANEL_SOURCE, panelAnalyteLabel, SUGGESTED_PANELS } from "@/domain/lab-panels";
import { capitalized } from "@/domain/task-kinds";

/**
 * The suggested panels for a child on home PN (src/domain/lab-panels.ts: the UpToDate table for
 * children at home), each with its source: the family ticks the ones its team follows and adds
 * them in one tap; none is saved before that, and each is edited or deleted afterwards.
 */
export function SuggestedPanelsDialog({
  open,
  onOpenChange,
  childId: shownChild,
  onAdd,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  childId: string | null;
  /** Saves the chosen suggestions (their indexes) for a child from a first due date. */
  onAdd: (chosen: number[], childId: string, firstDue: string) => Promise<void>;
}) {
  const { data: children = [] } = useChildren();
  const [chosen, setChosen] = useState<number[]>(() => SUGGESTED_PANELS.map((_, i) => i));
  const [childId, setChildId] = useState(shownChild ?? (children.length === 1 ? children[0]!.id : ""));
  const [firstDue, setFirstDue] = useState(toDateOnly());
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const toggle = (i: number) =>
    setChosen((c) => (c.includes(i) ? c.filter((x) => x !== i) : [...c, i].sort()));
  const add = async () => {
    if (!childId) return setError("Choose the child these panels are for.");
    if (!firstDue) return setError("Choose the first due date.");
    if (chosen.length === 0) return setError("Tick at least one panel.");
    setError(undefined);
    setPending(true);
    try {
      await onAdd(chosen, childId, firstDue);
      onOpenChange(false);
    } catch {
      // The toast said what went wrong; the choices stay for another try.
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Suggested Lab Panels</DialogTitle>
          <DialogDescription>
            The blood tests usually followed for a child on home PN, from{" "}
            <a href={PANEL_SOURCE.url} target="_blank" rel="noreferrer" className="underline">
              {PANEL_SOURCE.name}
            </a>
            : monthly once a child is stable at home (weekly at the start), thyroid every 6 months, iron,
            trace elements and vitamins every 6 to 12 months. For context,{" "}
            <a href={PANEL_SOURCE.context.url} target="_blank" rel="noreferrer" className="underline">
              {PANEL_SOURCE.context.name}
            </a>
            . Your child's team decides: tick the ones they follow, then change or delete any of them.
          </DialogDescription>
        </DialogHeader>
        {!shownChild && children.length > 1 ? (
          <ChoiceChips
            label="Child *"
            value={childId}
            onChange={setChildId}
            choices={children.map((child) => ({ value: child.id, label: child.name }))}
          />
        ) : null}
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium text-sm">Panels</legend>
          {SUGGESTED_PANELS.map((panel, i) => (
            <label
              key={panel.name}
              className="flex cursor-pointer gap-3 rounded-lg border border-border p-3 has-[:checked]:border-primary"
            >
              <input
                type="checkbox"
                className="mt-0.5 size-5 shrink-0 accent-primary"
                checked={chosen.includes(i)}
                onChange={() => toggle(i)}
              />
              <span className="min-w-0">
                <span className="block font-medium">
                  {panel.name} · {capitalized(everyText(panel))}
                </span>
                <span className="block text-muted-foreground text-sm">
                  {panel.analytes.map(panelAnalyteLabel).join(", ")}
                </span>
                <span className="block text-muted-foreground text-xs">Source: {panel.source}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <FormField label="First due *" hint="The later dates follow from it." required>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={firstDue}
              onChange={(event) => setFirstDue(event.target.value)}
            />
          )}
        </FormField>
        <FormAlert message={error} />
        <DialogFooter className={stickyFooterClassName}>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button type="button" onClick={add} disabled={pending || chosen.length === 0}>
            {pending ? "Adding..." : `Add ${chosen.length} panel${chosen.length === 1 ? "" : "s"}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
