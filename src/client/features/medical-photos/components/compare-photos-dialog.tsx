import { useState } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { Label } from "@/client/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { formatLongDate } from "@/client/lib/format";
import { daysBetween } from "@/domain/dates";
import type { MedicalPhoto } from "../api";
import { PHOTO_CATEGORY_INFO } from "../photo-labels";
import { PhotoImage } from "./photo-image";

/** The photos a photo can be compared with: the same child's, in the same category, earliest first. */
export function comparablePhotos(photo: MedicalPhoto, photos: readonly MedicalPhoto[]): MedicalPhoto[] {
  return photos
    .filter((p) => p.id !== photo.id && p.category === photo.category && p.childId === photo.childId)
    .sort((a, b) => a.dateTaken.localeCompare(b.dateTaken));
}

/**
 * Two photos of the same child and category side by side, with their dates and the days between
 * them: is the exit site healing?
 */
export function ComparePhotosDialog({
  photo,
  photos,
  open,
  onOpenChange,
}: {
  photo: MedicalPhoto | null;
  photos: readonly MedicalPhoto[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const others = photo ? comparablePhotos(photo, photos) : [];
  const [chosenId, setChosenId] = useState<string | null>(null);
  const other = others.find((p) => p.id === chosenId) ?? others[0] ?? null;
  const pair = photo && other ? [photo, other].sort((a, b) => a.dateTaken.localeCompare(b.dateTaken)) : [];
  const [earlier, later] = pair;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setChosenId(null);
        onOpenChange(next);
      }}
    >
      <DialogContent className="sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>Compare photos</DialogTitle>
          <DialogDescription>
            {photo
              ? `${PHOTO_CATEGORY_INFO[photo.category].label} photos of the same child, side by side.`
              : ""}
          </DialogDescription>
        </DialogHeader>
        {photo && others.length > 0 ? (
          <>
            <div className="flex max-w-sm flex-col gap-1.5">
              <Label htmlFor="compare-with">Compare with</Label>
              <Select value={other?.id} onValueChange={setChosenId}>
                <SelectTrigger id="compare-with">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {others.map((p) => (
                    <SelectItem key={p.id} value={p.id}>
                      {p.title} · {formatLongDate(p.dateTaken)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            {earlier && later ? (
              <>
                <p className="text-sm">
                  {daysBetween(earlier.dateTaken, later.dateTaken) === 0
                    ? "Taken the same day."
                    : `${daysBetween(earlier.dateTaken, later.dateTaken)} days apart.`}
                </p>
                <div className="grid gap-4 sm:grid-cols-2">
                  {[earlier, later].map((p) => (
                    <figure key={p.id} className="flex flex-col gap-2">
                      <PhotoImage
                        src={p.photoUrl}
                        alt={p.title}
                        className="aspect-[4/3] w-full rounded-lg object-contain bg-muted"
                      />
                      <figcaption className="text-sm">
                        <span className="font-semibold">{formatLongDate(p.dateTaken)}</span> · {p.title}
                      </figcaption>
                    </figure>
                  ))}
                </div>
              </>
            ) : null}
          </>
        ) : (
          <p className="text-muted-foreground text-sm">
            There is no other photo of this child in this category to compare with yet.
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
