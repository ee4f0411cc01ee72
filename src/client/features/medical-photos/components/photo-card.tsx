import { Columns2, Eye, MapPin, Trash2 } from "lucide-react";
import { LinkedChild } from "@/client/components/children/linked-child";
import { RecordAuthors } from "@/client/components/record-screen/record-authors";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card } from "@/client/components/ui/card";
import { formatCardDate } from "@/client/lib/format";
import { PHOTO_SEVERITY_LABELS, thumbnailPath } from "@/domain/photos";
import type { MedicalPhoto } from "../api";
import { PHOTO_CATEGORY_INFO } from "../photo-labels";
import { PhotoImage } from "./photo-image";

export function PhotoCard({
  photo,
  onView,
  onCompare,
  onDelete,
  canCompare,
}: {
  photo: MedicalPhoto;
  onView: () => void;
  onCompare: () => void;
  /** Left out for a role that only reads. */
  onDelete?: () => void;
  canCompare: boolean;
}) {
  const category = PHOTO_CATEGORY_INFO[photo.category];
  const Icon = category.icon;
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <button
        type="button"
        onClick={onView}
        className="cursor-pointer"
        aria-label={`View details of ${photo.title}`}
      >
        <PhotoImage src={thumbnailPath(photo.photoUrl)} alt={photo.title} className="aspect-[4/3] w-full" />
      </button>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="break-words font-semibold text-lg leading-tight">{photo.title}</h2>
        <p className="text-muted-foreground text-sm">{formatCardDate(photo.dateTaken)}</p>
        <div className="flex flex-wrap gap-1.5">
          <Badge variant="info">
            <Icon aria-hidden="true" className="size-3.5" />
            {category.label}
          </Badge>
          {photo.severity ? <Badge variant="secondary">{PHOTO_SEVERITY_LABELS[photo.severity]}</Badge> : null}
          {photo.childId ? <LinkedChild childId={photo.childId} /> : null}
        </div>
        {photo.bodyLocation ? (
          <p className="flex items-center gap-1.5 text-sm">
            <MapPin aria-hidden="true" className="size-4 text-muted-foreground" />
            {photo.bodyLocation}
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Button variant="outline" size="sm" onClick={onView}>
            <Eye aria-hidden="true" />
            View Details
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={onCompare}
            disabled={!canCompare}
            aria-label={`Compare ${photo.title}`}
          >
            <Columns2 aria-hidden="true" />
            Compare
          </Button>
          {onDelete ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={onDelete}
              aria-label={`Delete ${photo.title}`}
              className="ml-auto text-destructive hover:bg-red-50 hover:text-destructive"
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          ) : null}
        </div>
        <RecordAuthors className="border-border border-t pt-2.5" />
      </div>
    </Card>
  );
}
