import { BellRing, Boxes, ClipboardCheck, Clock, StickyNote, Tag } from "lucide-react";
import { RecordCard, RecordDetail } from "@/client/components/record-screen/record-card";
import { formatListDate } from "@/client/lib/format";
import { drawSentence, shortSentence } from "@/domain/supply-kits";
import type { TpnEntry } from "../api";
import { formatAmount } from "../tpn-form";
import { bagLabelText, followedText, runTimesText } from "../tpn-texts";

/** Every measured amount of an entry, in the order the dialog asks for them. */
function amounts(entry: TpnEntry): { label: string; value: string | null; unit: string }[] {
  return [
    { label: "Calories", value: formatAmount(entry.calories), unit: "kcal" },
    { label: "Protein", value: formatAmount(entry.protein), unit: "g" },
    { label: "Carbohydrates", value: formatAmount(entry.carbohydrates), unit: "g" },
    { label: "Fat", value: formatAmount(entry.fat), unit: "g" },
    { label: "Volume", value: formatAmount(entry.volume), unit: "mL" },
    {
      label: "Duration",
      value: entry.duration === null ? null : String(entry.duration),
      unit: entry.duration === 1 ? "hour" : "hours",
    },
  ];
}

/**
 * One night's entry: its amounts, the prescription it followed (`prescribedOn`, that version's
 * start date), when it ran, the bag's lot and expiry, interruptions and notes.
 */
export function TpnEntryCard({
  entry,
  prescribedOn,
  onEdit,
  onDelete,
}: {
  entry: TpnEntry;
  prescribedOn?: string | null;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const recorded = amounts(entry).filter((a) => a.value !== null);
  const details = [
    entry.pnPrescriptionId
      ? { icon: ClipboardCheck, label: "Prescription", text: followedText(prescribedOn) }
      : null,
    { icon: Clock, label: "Times", text: runTimesText(entry) },
    { icon: Tag, label: "Bag", text: bagLabelText(entry) },
    { icon: BellRing, label: "Interruptions and pump alarms", text: entry.interruptions },
    { icon: StickyNote, label: "Notes", text: entry.notes },
    // What the bag's kit took from the supplies, and what the stock did not hold.
    {
      icon: Boxes,
      label: "Supplies",
      text: [drawSentence(entry.suppliesDrawn ?? []), shortSentence(entry.suppliesDrawn ?? [])]
        .filter(Boolean)
        .join(". "),
    },
  ].filter((detail) => detail?.text);
  return (
    <RecordCard title={formatListDate(entry.date)} onEdit={onEdit} onDelete={onDelete}>
      {recorded.length ? (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
          {recorded.map(({ label, value, unit }) => (
            <div key={label} className="min-w-0">
              <dt className="text-muted-foreground text-xs">{label}</dt>
              <dd className="whitespace-nowrap font-semibold text-base">
                {value} <span className="font-normal text-muted-foreground text-sm">{unit}</span>
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-muted-foreground">No amounts recorded.</p>
      )}
      {details.length ? (
        <div className="mt-1 flex flex-col gap-2 border-border border-t pt-3">
          {details.map((detail) =>
            detail ? (
              <RecordDetail key={detail.label} icon={detail.icon} label={detail.label}>
                <span className="whitespace-pre-line text-muted-foreground">{detail.text}</span>
              </RecordDetail>
            ) : null,
          )}
        </div>
      ) : null}
    </RecordCard>
  );
}
