import { CalendarDays, ClipboardList, MapPin, StickyNote } from "lucide-react";
import { LinkedChild } from "@/client/components/children/linked-child";
import { RecordCard, RecordDetail } from "@/client/components/record-screen/record-card";
import { formatListDate, formatTime } from "@/client/lib/format";
import type { SpecialistVisit } from "../api";

export function SpecialistVisitCard({
  visit,
  onEdit,
  onDelete,
}: {
  visit: SpecialistVisit;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const when = [formatListDate(visit.date), formatTime(visit.time)].filter(Boolean).join(" at ");
  return (
    <RecordCard
      title={visit.doctorName}
      subtitle={visit.specialty}
      badges={visit.childId ? <LinkedChild childId={visit.childId} /> : null}
      onEdit={onEdit}
      onDelete={onDelete}
    >
      <RecordDetail icon={CalendarDays} label="Date">
        {when}
      </RecordDetail>
      <RecordDetail icon={MapPin} label="Location">
        {visit.location}
      </RecordDetail>
      <RecordDetail icon={ClipboardList} label="Purpose">
        {visit.purpose}
      </RecordDetail>
      <RecordDetail icon={StickyNote} label="Notes">
        {visit.notes ? (
          <span className="whitespace-pre-line text-muted-foreground">{visit.notes}</span>
        ) : null}
      </RecordDetail>
      {visit.followUpNeeded ? (
        <div className="mt-auto rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-950">
          <p className="font-semibold text-xs uppercase tracking-wide">Follow-up needed</p>
          <p className="mt-0.5 whitespace-pre-line break-words">{visit.followUpNeeded}</p>
        </div>
      ) : null}
    </RecordCard>
  );
}
