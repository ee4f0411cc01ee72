import {
  Calendar,
  Clock,
  type LucideIcon,
  MoreVertical,
  Pencil,
  Stethoscope,
  StickyNote,
  Trash2,
} from "lucide-react";
import { ChildAvatar } from "@/client/components/children/child-avatar";
import { RecordAuthors } from "@/client/components/record-screen/record-authors";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card } from "@/client/components/ui/card";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/client/components/ui/dropdown-menu";
import { formatCardDate } from "@/client/lib/format";
import { cn } from "@/client/lib/utils";
import { childAgeLabel } from "@/domain/children";
import type { Child } from "../api";

export interface ChildCardProps {
  child: Child;
  onEdit?: () => void;
  onDelete?: () => void;
  /** Makes the whole card a toggle button (for choosing a child); the menu is then hidden. */
  selectable?: boolean;
  selected?: boolean;
  onSelect?: () => void;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A child's profile: avatar, name, gender, age, birth date, diagnosis, notes, and who added and
 * last changed it. Without `onEdit` and `onDelete` (a role that only reads) it has no menu.
 */
export function ChildCard({ child, onEdit, onDelete, selectable, selected, onSelect }: ChildCardProps) {
  const born = formatCardDate(child.dateOfBirth);
  const showMenu = !selectable && (onEdit || onDelete);

  return (
    <Card
      className={cn(
        "relative flex h-full flex-col gap-4 p-5 sm:p-6",
        selectable && "transition-shadow focus-within:ring-3 focus-within:ring-ring/40 hover:shadow-md",
        selected && "border-primary bg-accent ring-2 ring-primary",
      )}
    >
      <div className="flex items-start gap-3">
        <ChildAvatar name={child.name} color={child.avatarColor} size="lg" />
        <div className="min-w-0 flex-1">
          <h2 className="break-words font-semibold text-lg leading-tight">
            {selectable ? (
              // The name's button covers the whole card (after:inset-0), so a click anywhere selects.
              <button
                type="button"
                aria-pressed={Boolean(selected)}
                onClick={onSelect}
                className="cursor-pointer text-left outline-none after:absolute after:inset-0 after:rounded-xl"
              >
                {child.name}
              </button>
            ) : (
              child.name
            )}
          </h2>
          <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground text-sm">
            {child.gender ? <Badge variant="secondary">{capitalise(child.gender)}</Badge> : null}
            <span>{childAgeLabel(child)}</span>
          </div>
        </div>
        {showMenu ? (
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                className="-mt-1 -mr-2"
                aria-label={`Actions for ${child.name}`}
              >
                <MoreVertical aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              {onEdit ? (
                <DropdownMenuItem onSelect={onEdit}>
                  <Pencil aria-hidden="true" />
                  Edit
                </DropdownMenuItem>
              ) : null}
              {onDelete ? (
                <DropdownMenuItem destructive onSelect={onDelete}>
                  <Trash2 aria-hidden="true" />
                  Delete
                </DropdownMenuItem>
              ) : null}
            </DropdownMenuContent>
          </DropdownMenu>
        ) : null}
      </div>

      <div className="flex flex-1 flex-col gap-2 text-sm">
        {born ? (
          <p className="flex items-center gap-2">
            <Calendar aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <span>Born {born}</span>
          </p>
        ) : null}
        <ClampedDetail icon={Stethoscope} label="Diagnosis" text={child.medicalDiagnosis} />
        <ClampedDetail icon={StickyNote} label="Notes" text={child.notes} muted />
      </div>

      <div className="flex min-w-0 items-center gap-1.5 border-border border-t pt-3 text-muted-foreground">
        <Clock aria-hidden="true" className="size-3.5 shrink-0" />
        <RecordAuthors record={child} className="min-w-0" />
      </div>
    </Card>
  );
}

/** A two-line detail with its icon; nothing when the text is empty. */
function ClampedDetail({
  icon: Icon,
  label,
  text,
  muted = false,
}: {
  icon: LucideIcon;
  label: string;
  text: string | null;
  muted?: boolean;
}) {
  if (!text) return null;
  return (
    <p className="flex min-w-0 items-start gap-2">
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <span className={cn("line-clamp-2 min-w-0 break-words", muted && "text-muted-foreground")}>
        <span className="sr-only">{label}: </span>
        {text}
      </span>
    </p>
  );
}
