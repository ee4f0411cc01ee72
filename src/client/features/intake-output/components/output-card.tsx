import { Clock, Scale, StickyNote } from "lucide-react";
import { RecordCard, RecordDetail } from "@/client/components/record-screen/record-card";
import { Badge } from "@/client/components/ui/badge";
import { formatCardDate, formatTime } from "@/client/lib/format";
import type { FluidOutput } from "@/client/lib/intake-output-api";
import { OUTPUT_KIND_LABELS } from "@/domain/intake-output";
import { millilitres } from "./intake-card";

/** One output: what, how much (a weighed one with its weights), when. */
export function OutputCard({
  entry,
  onEdit,
  onDelete,
}: {
  entry: FluidOutput;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const kind = OUTPUT_KIND_LABELS[entry.kind];
  const when = `${formatCardDate(entry.date)}${entry.time ? ` at ${formatTime(entry.time)}` : ""}`;
  return (
    <RecordCard
      title={entry.volumeMl === null ? `${kind}, not measured` : `${kind} ${millilitres(entry.volumeMl)}`}
      subtitle={when}
      badges={<Badge variant="secondary">{kind}</Badge>}
      actionLabel={`${kind.toLowerCase()} of ${when}`}
      onEdit={onEdit}
      onDelete={onDelete}
    >
      <RecordDetail icon={Clock} label="Time">
        {formatTime(entry.time)}
      </RecordDetail>
      <RecordDetail icon={Scale} label="Weighed">
        {entry.measure === "weight"
          ? `${entry.amount} g${entry.dryWeightGrams === null ? "" : ` less ${entry.dryWeightGrams} g dry`}`
          : null}
      </RecordDetail>
      <RecordDetail icon={StickyNote} label="Notes">
        {entry.notes ? (
          <span className="whitespace-pre-line text-muted-foreground">{entry.notes}</span>
        ) : null}
      </RecordDetail>
    </RecordCard>
  );
}
