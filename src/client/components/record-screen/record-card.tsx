import { type LucideIcon, Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader } from "@/client/components/ui/card";
import { cn } from "@/client/lib/utils";
import { RecordAuthors } from "./record-authors";

export interface RecordCardProps {
  title: string;
  subtitle?: ReactNode;
  /** Badges or other short markers beside the title. */
  badges?: ReactNode;
  /** Show an edit button; its accessible name is "Edit <actionLabel>". */
  onEdit?: () => void;
  /** Show a delete button; its accessible name is "Delete <actionLabel>". */
  onDelete?: () => void;
  /** Names the record in the buttons' accessible names when the title alone is ambiguous (a date); default the title. */
  actionLabel?: string;
  children?: ReactNode;
  className?: string;
}

/**
 * One record in a card grid: a title, optional badges, edit and delete buttons (none when left
 * out, as for a role that only reads), detail rows, and at the bottom who added and changed the
 * record (in a record list, which provides the record: `RecordScreenList`).
 */
export function RecordCard({
  title,
  subtitle,
  badges,
  onEdit,
  onDelete,
  actionLabel = title,
  children,
  className,
}: RecordCardProps) {
  return (
    <Card className={cn("flex h-full flex-col", className)}>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="break-words font-semibold text-lg leading-tight">{title}</h2>
          {subtitle ? <p className="mt-1 text-muted-foreground text-sm">{subtitle}</p> : null}
          {badges ? <div className="mt-2 flex flex-wrap gap-1.5">{badges}</div> : null}
        </div>
        {onEdit || onDelete ? (
          <div className="-mt-1 -mr-2 flex shrink-0">
            {onEdit ? (
              <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Edit ${actionLabel}`}>
                <Pencil aria-hidden="true" />
              </Button>
            ) : null}
            {onDelete ? (
              <Button
                variant="ghost"
                size="icon"
                onClick={onDelete}
                aria-label={`Delete ${actionLabel}`}
                className="text-destructive hover:bg-red-50 hover:text-destructive"
              >
                <Trash2 aria-hidden="true" />
              </Button>
            ) : null}
          </div>
        ) : null}
      </CardHeader>
      {children ? <CardContent className="flex flex-1 flex-col gap-2 text-sm">{children}</CardContent> : null}
      <RecordAuthors className="mx-5 mt-auto border-border border-t pt-2.5 pb-4 sm:mx-6" />
    </Card>
  );
}

/**
 * A detail line of a record card; renders nothing when the value is empty. With an icon the label
 * is for screen readers only; without one it is shown ("Hospital: ...").
 */
export function RecordDetail({
  icon: Icon,
  label,
  children,
}: {
  icon?: LucideIcon;
  label: string;
  children: ReactNode;
}) {
  if (children === null || children === undefined || children === "") return null;
  return (
    <div className="flex min-w-0 items-start gap-2">
      {Icon ? <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" /> : null}
      <p className="min-w-0 break-words">
        <span className={Icon ? "sr-only" : "font-medium text-muted-foreground"}>{label}: </span>
        {children}
      </p>
    </div>
  );
}

/** A labelled list of short items (tags, exercises, foods) as chips; renders nothing when empty. */
export function RecordChips({
  label,
  items,
}: {
  label: string;
  items: readonly string[] | null | undefined;
}) {
  if (!items?.length) return null;
  return (
    <div className="min-w-0">
      <p className="mb-1 font-medium text-muted-foreground text-xs">{label}</p>
      <ul aria-label={label} className="flex flex-wrap gap-1.5">
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: items may repeat ("rice, rice") and are static text.
          <li key={`${index}:${item}`} className="min-w-0 max-w-full">
            <Badge variant="secondary" className="max-w-full whitespace-normal break-words">
              {item}
            </Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}
