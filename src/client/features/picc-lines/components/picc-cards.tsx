import { Bug, CalendarRange, Hospital, Pill, Stethoscope, StickyNote, UserRound } from "lucide-react";
import { RecordCard, RecordDetail } from "@/client/components/record-screen/record-card";
import { Badge } from "@/client/components/ui/badge";
import { formatListDate } from "@/client/lib/format";
import { intervalText } from "@/client/lib/line-care-pills";
import {
  INFECTION_TYPE_LABELS,
  INSERTION_SITE_LABELS,
  LINE_TYPE_LABELS,
  OUTCOME_LABELS,
  outcomeBadge,
} from "@/domain/picc";
import type { PiccInfection, PiccLine } from "../api";
import { lineLabel } from "../picc-labels";

interface CardActions {
  onEdit?: () => void;
  onDelete?: () => void;
}

const INTERVAL_NAMES = [
  ["dressingTransparentHours", "transparent dressing"],
  ["dressingGauzeHours", "gauze dressing"],
  ["tubingWithLipidsHours", "tubing with lipids"],
  ["tubingHours", "tubing without lipids"],
  ["tubingLipidsAloneHours", "tubing for lipids alone"],
  ["connectorHours", "connector"],
  ["lockHours", "lock"],
] as const;

/** "Transparent dressing every 5 days, lock every 2 days": the intervals set on this line, if any. */
function ownIntervals(line: PiccLine): string | null {
  const set = INTERVAL_NAMES.flatMap(([key, name]) =>
    line[key] === null ? [] : [`${name} ${intervalText(line[key])}`],
  );
  const text = set.join(", ");
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : null;
}

export function PiccLineCard({ line, onEdit, onDelete }: { line: PiccLine } & CardActions) {
  const inPlace = !line.removalDate;
  return (
    <RecordCard
      title={line.lineType ? LINE_TYPE_LABELS[line.lineType] : "PICC line"}
      subtitle={`Inserted ${formatListDate(line.insertionDate)}${line.removalDate ? ` · removed ${formatListDate(line.removalDate)}` : ""}`}
      actionLabel={lineLabel(line)}
      badges={
        <>
          <Badge variant={inPlace ? "success" : "secondary"}>{inPlace ? "In place" : "Removed"}</Badge>
          {line.insertionSite ? (
            <Badge variant="outline">{INSERTION_SITE_LABELS[line.insertionSite]}</Badge>
          ) : null}
        </>
      }
      onEdit={onEdit}
      onDelete={onDelete}
    >
      <RecordDetail icon={UserRound} label="Inserted by">
        {line.insertedBy}
      </RecordDetail>
      <RecordDetail label="External length at insertion">
        {line.externalLengthCm === null ? null : `${line.externalLengthCm} cm`}
      </RecordDetail>
      <RecordDetail label="Own care intervals">{ownIntervals(line)}</RecordDetail>
      <RecordDetail label="Removal reason">{line.removalReason}</RecordDetail>
      <RecordDetail label="Complications">{line.complications}</RecordDetail>
      <RecordDetail icon={StickyNote} label="Notes">
        {line.notes ? <span className="whitespace-pre-line text-muted-foreground">{line.notes}</span> : null}
      </RecordDetail>
    </RecordCard>
  );
}

export function InfectionCard({
  infection,
  lines,
  onEdit,
  onDelete,
}: { infection: PiccInfection; lines: readonly PiccLine[] } & CardActions) {
  const badge = outcomeBadge(infection.outcome);
  const line = lines.find((l) => l.id === infection.piccLineId);
  const treatment = [infection.treatmentStartDate, infection.treatmentEndDate].map((d) =>
    d ? formatListDate(d) : null,
  );
  return (
    <RecordCard
      title={`${INFECTION_TYPE_LABELS[infection.infectionType]} infection`}
      subtitle={formatListDate(infection.infectionDate)}
      actionLabel={`${INFECTION_TYPE_LABELS[infection.infectionType]} infection of ${formatListDate(infection.infectionDate)}`}
      badges={
        <Badge variant={badge.variant}>
          <span className="sr-only">Outcome: </span>
          {infection.outcome ? OUTCOME_LABELS[infection.outcome] : badge.label}
        </Badge>
      }
      onEdit={onEdit}
      onDelete={onDelete}
    >
      <RecordDetail icon={Stethoscope} label="Line">
        {line ? lineLabel(line) : null}
      </RecordDetail>
      <RecordDetail icon={Bug} label="Organism">
        {infection.organism}
      </RecordDetail>
      <RecordDetail label="Symptoms">{infection.symptoms}</RecordDetail>
      <RecordDetail icon={Pill} label="Antibiotics">
        {infection.antibiotics}
      </RecordDetail>
      <RecordDetail label="Treatment">{infection.treatmentMethod}</RecordDetail>
      <RecordDetail icon={CalendarRange} label="Treatment dates">
        {treatment[0] || treatment[1] ? `${treatment[0] ?? "?"} to ${treatment[1] ?? "ongoing"}` : null}
      </RecordDetail>
      <RecordDetail icon={Hospital} label="Hospital admission">
        {infection.hospitalAdmission
          ? `Admitted${infection.admissionDuration ? ` (${infection.admissionDuration})` : ""}`
          : "Not admitted"}
      </RecordDetail>
      <RecordDetail icon={StickyNote} label="Notes">
        {infection.notes ? (
          <span className="whitespace-pre-line text-muted-foreground">{infection.notes}</span>
        ) : null}
      </RecordDetail>
    </RecordCard>
  );
}
