import { CalendarClock, MapPin, StickyNote, Timer, TrendingUp } from "lucide-react";
import { LinkedChild } from "@/client/components/children/linked-child";
import { RecordCard, RecordChips, RecordDetail } from "@/client/components/record-screen/record-card";
import { formatCardDate, formatTime } from "@/client/lib/format";
import type { PhysicalTherapySession } from "../api";

export function PhysicalTherapyCard({
  session,
  onEdit,
  onDelete,
  className,
}: {
  session: PhysicalTherapySession;
  onEdit?: () => void;
  onDelete?: () => void;
  className?: string;
}) {
  const date = formatCardDate(session.date);
  return (
    <RecordCard
      title={session.therapist}
      subtitle={[date, formatTime(session.time)].filter(Boolean).join(" at ")}
      badges={session.childId ? <LinkedChild childId={session.childId} /> : null}
      actionLabel={`session with ${session.therapist} on ${date}`}
      onEdit={onEdit}
      onDelete={onDelete}
      className={className}
    >
      <RecordDetail icon={Timer} label="Duration">
        {session.duration === null ? null : `${session.duration} min`}
      </RecordDetail>
      <RecordDetail icon={MapPin} label="Location">
        {session.location}
      </RecordDetail>
      <RecordChips label="Exercises" items={session.exercises} />
      <RecordDetail icon={TrendingUp} label="Progress">
        {session.progress ? <span className="whitespace-pre-line">{session.progress}</span> : null}
      </RecordDetail>
      <RecordDetail icon={StickyNote} label="Notes">
        {session.notes ? (
          <span className="whitespace-pre-line text-muted-foreground">{session.notes}</span>
        ) : null}
      </RecordDetail>
      {session.nextSession ? (
        <div className="flex items-center gap-2 rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-blue-950">
          <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
          <p>
            <span className="font-semibold">Next session: </span>
            {formatCardDate(session.nextSession)}
          </p>
        </div>
      ) : null}
    </RecordCard>
  );
}
