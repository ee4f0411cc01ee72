import { StickyNote } from "lucide-react";
import { RecordCard, RecordDetail } from "@/client/components/record-screen/record-card";
import { formatListDate } from "@/client/lib/format";
import type { TpnEntry } from "../api";
import { formatAmount } from "../tpn-form";

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

export function TpnEntryCard({
  entry,
  onEdit,
  onDelete,
}: {
  entry: TpnEntry;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const recorded = amounts(entry).filter((a) => a.value !== null);
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
      {entry.notes ? (
        <div className="mt-1 border-border border-t pt-3">
          <RecordDetail icon={StickyNote} label="Notes">
            <span className="whitespace-pre-line text-muted-foreground">{entry.notes}</span>
          </RecordDetail>
        </div>
      ) : null}
    </RecordCard>
  );
}
