import { CalendarDays, ClipboardList, Stethoscope, StickyNote, Target } from "lucide-react";
import { LinkedChild } from "@/client/components/children/linked-child";
import { RecordCard, RecordChips, RecordDetail } from "@/client/components/record-screen/record-card";
import { Badge } from "@/client/components/ui/badge";
import { formatCardDate, toDateOnly } from "@/client/lib/format";
import type { Medication } from "@/client/lib/medications-api";
import { isMedicationActive } from "@/domain/medications";

function dateRange(start: string | null, end: string | null): string | null {
  if (start && end) return `${formatCardDate(start)} – ${formatCardDate(end)}`;
  if (start) return `Since ${formatCardDate(start)}`;
  if (end) return `Until ${formatCardDate(end)}`;
  return null;
}

export function MedicationCard({
  medication,
  onEdit,
  onDelete,
  className,
}: {
  medication: Medication;
  onEdit?: () => void;
  onDelete?: () => void;
  className?: string;
}) {
  // Past its end date, a medication marked active is no longer taken: it shows as Discontinued.
  const active = isMedicationActive(medication, toDateOnly());
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
