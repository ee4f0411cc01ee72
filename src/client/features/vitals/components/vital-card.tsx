import { Siren, StickyNote } from "lucide-react";
import { RecordCard, RecordDetail } from "@/client/components/record-screen/record-card";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { formatCardDate, formatTime } from "@/client/lib/format";
import { formatVitalValue } from "@/client/lib/vital-values";
import type { GrowthPoint, Vital } from "@/client/lib/vitals-api";
import { TEMPERATURE_SITE_LABELS, type TemperatureUnit, VITAL_LABELS } from "@/domain/vitals";
import { percentileText } from "../growth/growth-texts";

/** "Nov 27, 2026 at 03:10". */
export const vitalWhen = (vital: Pick<Vital, "date" | "time">) =>
  `${formatCardDate(vital.date)}${vital.time ? ` at ${formatTime(vital.time)}` : ""}`;

/**
 * One measurement: the value in the family's unit, when and where it was taken, its percentile
 * (weights and lengths of a child whose sex and birth date are known), notes, and for a fever with
 * a central line a red badge and the way back to the fever card.
 */
export function VitalCard({
  vital,
  unit,
  growth,
  onEdit,
  onDelete,
  onFeverCard,
}: {
  vital: Vital;
  unit: TemperatureUnit;
  /** Its place on the growth reference, when known. */
  growth?: GrowthPoint;
  onEdit?: () => void;
  onDelete?: () => void;
  /** Opens the fever card (a fever with a line): the card offers it with a button. */
  onFeverCard?: () => void;
}) {
  const value = formatVitalValue(vital.kind, vital.value, unit);
  const site = vital.site ? TEMPERATURE_SITE_LABELS[vital.site] : null;
  return (
    <RecordCard
      title={value}
      subtitle={[vitalWhen(vital), site].filter(Boolean).join(" · ")}
      actionLabel={`${VITAL_LABELS[vital.kind].toLowerCase()} ${value} of ${vitalWhen(vital)}`}
      badges={vital.feverWithLine ? <Badge variant="destructive">Fever with a line</Badge> : null}
      onEdit={onEdit}
      onDelete={onDelete}
      className={vital.feverWithLine ? "border-red-300" : undefined}
    >
      {vital.feverWithLine && onFeverCard ? (
        <Button variant="destructive" className="self-start" onClick={onFeverCard}>
          <Siren aria-hidden="true" />
          What to do now
        </Button>
      ) : null}
      {growth?.percentile !== null && growth?.percentile !== undefined ? (
        <RecordDetail label="Percentile">
          {percentileText(growth.percentile)} ({growth.reference})
        </RecordDetail>
      ) : null}
      <RecordDetail icon={StickyNote} label="Notes">
        {vital.notes ? (
          <span className="whitespace-pre-line text-muted-foreground">{vital.notes}</span>
        ) : null}
      </RecordDetail>
    </RecordCard>
  );
}
