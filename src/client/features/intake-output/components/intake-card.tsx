import { Clock, Flame, StickyNote, Timer } from "lucide-react";
import { RecordCard, RecordDetail } from "@/client/components/record-screen/record-card";
import { Badge } from "@/client/components/ui/badge";
import { formatCardDate, formatTime } from "@/client/lib/format";
import type { FluidIntake } from "@/client/lib/intake-output-api";
import { FEED_ROUTE_LABELS, INTAKE_SOURCE_LABELS } from "@/domain/intake-output";

/** "120 mL", "300 mL" (a number as a person reads it, thousands grouped). */
export const millilitres = (value: number | null) =>
  value === null ? "" : `${value.toLocaleString("en-US", { maximumFractionDigits: 1 })} mL`;

/** One feed, drink or IV fluid: how much, how, what, and the energy it gave. */
export function IntakeCard({
  entry,
  onEdit,
  onDelete,
}: {
  entry: FluidIntake;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const source = INTAKE_SOURCE_LABELS[entry.source];
  const when = `${formatCardDate(entry.date)}${entry.time ? ` at ${formatTime(entry.time)}` : ""}`;
  return (
    <RecordCard
      title={`${millilitres(entry.totalMl)} ${entry.product ? `· ${entry.product}` : ""}`.trim()}
      subtitle={when}
      badges={
        <>
          <Badge variant="secondary">{source}</Badge>
          {entry.route ? <Badge variant="outline">{FEED_ROUTE_LABELS[entry.route]}</Badge> : null}
        </>
      }
      actionLabel={`${source.toLowerCase()} of ${when}`}
      onEdit={onEdit}
      onDelete={onDelete}
    >
      <RecordDetail icon={Clock} label="Time">
        {formatTime(entry.time)}
      </RecordDetail>
      <RecordDetail icon={Timer} label="Pump">
        {entry.mode === "continuous" ? `${entry.rateMlPerHour} mL/h for ${entry.hours} h` : null}
      </RecordDetail>
      <RecordDetail icon={Flame} label="Energy">
        {entry.kcal === null ? null : `${entry.kcal} kcal (${entry.kcalPerMl} kcal/mL)`}
      </RecordDetail>
      <RecordDetail icon={StickyNote} label="Notes">
        {entry.notes ? (
          <span className="whitespace-pre-line text-muted-foreground">{entry.notes}</span>
        ) : null}
      </RecordDetail>
    </RecordCard>
  );
}
