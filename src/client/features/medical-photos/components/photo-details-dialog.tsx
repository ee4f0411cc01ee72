import { RecordAuthors } from "@/client/components/record-screen/record-authors";
import { Badge } from "@/client/components/ui/badge";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { formatLongDate } from "@/client/lib/format";
import { PHOTO_SEVERITY_LABELS } from "@/domain/photos";
import type { MedicalPhoto } from "../api";
import { PHOTO_CATEGORY_INFO } from "../photo-labels";
import { PhotoImage } from "./photo-image";

/** 'View Details': the full photo and everything recorded about it, dated 'MMMM d, yyyy'. */
export function PhotoDetailsDialog({
  photo,
  open,
  onOpenChange,
}: {
  photo: MedicalPhoto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        {photo ? (
          <>
            <DialogHeader>
              <DialogTitle>{photo.title}</DialogTitle>
              <DialogDescription>Taken {formatLongDate(photo.dateTaken)}</DialogDescription>
              <RecordAuthors record={photo} />
            </DialogHeader>
            <PhotoImage
              src={photo.photoUrl}
              alt={photo.title}
              className="max-h-[60dvh] w-full rounded-lg object-contain"
            />
            <div className="flex flex-wrap gap-1.5">
              <Badge variant="info">{PHOTO_CATEGORY_INFO[photo.category].label}</Badge>
              {photo.severity ? (
                <Badge variant="secondary">{PHOTO_SEVERITY_LABELS[photo.severity]}</Badge>
              ) : null}
              <Badge variant="outline">{photo.isPrivate ? "Private" : "Shared with the care team"}</Badge>
              {photo.tags.map((tag) => (
                <Badge key={tag} variant="outline">
                  {tag}
                </Badge>
              ))}
            </div>
            <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
              <Detail label="Body location" value={photo.bodyLocation} />
              <Detail label="Related condition" value={photo.relatedCondition} />
              <Detail label="Description" value={photo.description} />
              <Detail label="Notes" value={photo.notes} />
            </dl>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function Detail({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <div>
      <dt className="font-medium text-muted-foreground">{label}</dt>
      <dd className="whitespace-pre-line break-words">{value}</dd>
    </div>
  );
}
