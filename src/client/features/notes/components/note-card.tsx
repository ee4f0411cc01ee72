import { LinkedChild } from "@/client/components/children/linked-child";
import { RecordCard, RecordChips } from "@/client/components/record-screen/record-card";
import { Badge } from "@/client/components/ui/badge";
import type { Note } from "@/client/lib/notes-api";
import { cn } from "@/client/lib/utils";
import { NOTE_CATEGORY_LABELS, NOTE_PRIORITY_LABELS, type NotePriority } from "@/domain/notes";

/** Spec section 9: high red, medium yellow, low green (the card's left edge and its badge). */
const PRIORITY_STYLES: Record<NotePriority, { border: string; badge: string }> = {
  high: { border: "border-l-red-500", badge: "bg-red-100 text-red-800" },
  medium: { border: "border-l-yellow-400", badge: "bg-yellow-100 text-yellow-900" },
  low: { border: "border-l-green-500", badge: "bg-green-100 text-green-800" },
};

export function NoteCard({
  note,
  onEdit,
  onDelete,
  className,
}: {
  note: Note;
  onEdit?: () => void;
  onDelete?: () => void;
  className?: string;
}) {
  const priority = PRIORITY_STYLES[note.priority] ?? PRIORITY_STYLES.medium;
  return (
    <RecordCard
      title={note.title}
      className={cn("border-l-4", priority.border, className)}
      badges={
        <>
          <Badge className={cn("border-transparent", priority.badge)}>
            {NOTE_PRIORITY_LABELS[note.priority] ?? note.priority} priority
          </Badge>
          <Badge variant="outline">{NOTE_CATEGORY_LABELS[note.category] ?? note.category}</Badge>
          <LinkedChild childId={note.childId} />
        </>
      }
      onEdit={onEdit}
      onDelete={onDelete}
    >
      <p className="whitespace-pre-line break-words">{note.content}</p>
      <RecordChips label="Tags" items={note.tags} />
    </RecordCard>
  );
}
