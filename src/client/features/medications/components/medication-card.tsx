import {
  CalendarDays,
  Check,
  ClipboardList,
  Clock,
  Route,
  SkipForward,
  Stethoscope,
  StickyNote,
  Target,
} from "lucide-react";
import { LinkedChild } from "@/client/components/children/linked-child";
import { DoseSummary } from "@/client/components/doses/dose-summary";
import { RecordCard, RecordChips, RecordDetail } from "@/client/components/record-screen/record-card";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import type { Dose } from "@/client/lib/doses-api";
import { familyTimeFormat } from "@/client/lib/family-clock";
import { formatCardDate, toDateOnly } from "@/client/lib/format";
import type { Medication } from "@/client/lib/medications-api";
import { useMinuteClock } from "@/client/lib/use-minute-clock";
import { scheduleInWords } from "@/domain/doses";
import { isMedicationActive } from "@/domain/medications";
import { DoseHistory } from "./dose-history";

function dateRange(start: string | null, end: string | null): string | null {
  if (start && end) return `${formatCardDate(start)} – ${formatCardDate(end)}`;
  if (start) return `Since ${formatCardDate(start)}`;
  if (end) return `Until ${formatCardDate(end)}`;
  return null;
}

/** What a card's dose buttons do; left out for a role that only reads. */
export interface DoseActions {
  onGive?: () => void;
  onSkip?: () => void;
  onDeleteDose?: (dose: Dose) => void;
}

export function MedicationCard({
  medication,
  onEdit,
  onDelete,
  onGive,
  onSkip,
  onDeleteDose,
  className,
}: {
  medication: Medication;
  onEdit?: () => void;
  onDelete?: () => void;
  className?: string;
} & DoseActions) {
  const now = useMinuteClock();
  // Past its end date, a medication marked active is no longer taken: it shows as Discontinued.
  const active = isMedicationActive(medication, toDateOnly(now));
  const schedule = scheduleInWords(medication, familyTimeFormat());
  // Skipping answers a scheduled dose; an as-needed one is simply not given.
  const skippable = medication.scheduleKind === "times" || medication.scheduleKind === "interval";
  return (
    <RecordCard
      title={medication.name}
      subtitle={`${medication.dosage} · ${medication.frequency}`}
      badges={
        <>
          {active ? (
            <Badge className="border-transparent bg-green-100 text-green-800">Active</Badge>
          ) : (
            <Badge className="border-transparent bg-slate-200 text-slate-700">Discontinued</Badge>
          )}
          <LinkedChild childId={medication.childId} />
        </>
      }
      onEdit={onEdit}
      onDelete={onDelete}
      className={className}
    >
      <RecordDetail icon={Route} label="Route">
        {medication.route}
      </RecordDetail>
      <RecordDetail icon={Clock} label="Schedule">
        {schedule}
      </RecordDetail>
      {active || medication.lastDose ? (
        <section
          aria-label={`Doses of ${medication.name}`}
          className="my-1 flex flex-col gap-1 rounded-lg border border-border p-3"
        >
          <DoseSummary
            medication={active ? medication : { ...medication, nextDueAt: null, missedDoses: [] }}
            now={now}
          >
            {active && onGive ? (
              <Button aria-label={`Given, ${medication.name}`} onClick={onGive} className="min-w-28">
                <Check aria-hidden="true" />
                Given
              </Button>
            ) : null}
            {active && skippable && onSkip ? (
              <Button variant="outline" aria-label={`Skip, ${medication.name}`} onClick={onSkip}>
                <SkipForward aria-hidden="true" />
                Skip
              </Button>
            ) : null}
          </DoseSummary>
          <DoseHistory
            medicationId={medication.id}
            medicationName={medication.name}
            onDelete={onDeleteDose}
          />
        </section>
      ) : null}
      <RecordDetail icon={Stethoscope} label="Prescribed by">
        {medication.prescribedBy}
      </RecordDetail>
      <RecordDetail icon={CalendarDays} label="Dates">
        {dateRange(medication.startDate, medication.endDate)}
      </RecordDetail>
      <RecordDetail icon={Target} label="Purpose">
        {medication.purpose}
      </RecordDetail>
      <RecordDetail icon={ClipboardList} label="Instructions">
        {medication.instructions ? (
          <span className="whitespace-pre-line">{medication.instructions}</span>
        ) : null}
      </RecordDetail>
      <RecordChips label="Side effects" items={medication.sideEffects} />
      <RecordDetail icon={StickyNote} label="Notes">
        {medication.notes ? (
          <span className="whitespace-pre-line text-muted-foreground">{medication.notes}</span>
        ) : null}
      </RecordDetail>
    </RecordCard>
  );
}
