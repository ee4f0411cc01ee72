import { ChevronDown, Pencil, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { RecordAuthors } from "@/client/components/record-screen/record-authors";
import { Button } from "@/client/components/ui/button";
import type { PnPrescription } from "@/client/lib/pn-api";
import { cn } from "@/client/lib/utils";
import { contentsText, infusionText } from "@/domain/pn-text";
import { versionDates, versionName, versionWhen } from "../tpn-texts";

const kcal = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 0 });

/**
 * What a version prescribes, in the same words as the care summary and the exports: how the bag
 * runs (volume, hours, rate, taper), its contents and energy, additives and notes. `prominent`:
 * the version in force, its infusion in large type.
 */
export function VersionDetails({
  version,
  prominent = false,
}: {
  version: PnPrescription;
  prominent?: boolean;
}) {
  const contents = contentsText(version);
  const energy =
    version.bagKcal === null
      ? null
      : `${kcal(version.bagKcal)} kcal a bag${version.dextroseG === null ? "" : `, ${version.dextroseG.toLocaleString("en-US")} g of dextrose`}`;
  return (
    <div className="flex min-w-0 flex-col gap-1 text-sm">
      <p className={cn("break-words", prominent ? "font-semibold text-base" : "font-medium")}>
        {infusionText(version)}
      </p>
      {contents ? <p className="break-words">{contents}</p> : null}
      {energy ? <p className="text-muted-foreground">{energy}</p> : null}
      {version.energyFactors ? (
        <p className="break-words text-muted-foreground text-xs">{version.energyFactors}.</p>
      ) : null}
      {version.additives ? (
        <p className="whitespace-pre-line break-words">
          <span className="font-medium text-muted-foreground">Additives: </span>
          {version.additives}
        </p>
      ) : null}
      {version.notes ? (
        <p className="whitespace-pre-line break-words">
          <span className="font-medium text-muted-foreground">Notes: </span>
          {version.notes}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The versions other than the one shown, newest first, on asking: each with its dates, what it
 * prescribed and who wrote it down. `onEdit`/`onDelete` are left out for a role that only reads.
 */
export function PnVersionHistory({
  versions,
  today,
  onEdit,
  onDelete,
}: {
  versions: readonly PnPrescription[];
  today: string;
  onEdit?: (version: PnPrescription) => void;
  onDelete?: (version: PnPrescription) => void;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const allEarlier = versions.every((v) => versionWhen(v, today) === "earlier");
  const title = `${allEarlier ? "Earlier versions" : "Other versions"} (${versions.length})`;
  return (
    <div className="flex flex-col gap-2 border-border border-t pt-3">
      <Button
        variant="ghost"
        className="self-start px-2"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <ChevronDown aria-hidden="true" className={cn("transition-transform", open && "rotate-180")} />
        {title}
      </Button>
      <ol id={listId} hidden={!open} aria-label="Prescription versions" className="divide-y divide-border">
        {versions.map((version) => {
          const dates = versionDates(version, today);
          return (
            <li key={version.id} className="flex items-start gap-2 py-3 first:pt-1 last:pb-0">
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <p className="font-semibold text-sm">
                  {dates}
                  {version.prescriber ? (
                    <span className="font-normal text-muted-foreground"> · {version.prescriber}</span>
                  ) : null}
                </p>
                <VersionDetails version={version} />
                <RecordAuthors record={version} />
              </div>
              {onEdit ? (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Edit ${versionName(version, today)}`}
                  onClick={() => onEdit(version)}
                >
                  <Pencil aria-hidden="true" />
                </Button>
              ) : null}
              {onDelete ? (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete ${versionName(version, today)}`}
                  className="text-destructive hover:bg-red-50 hover:text-destructive"
                  onClick={() => onDelete(version)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
