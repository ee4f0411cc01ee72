import { useInfiniteQuery } from "@tanstack/react-query";
import { Camera } from "lucide-react";
import { useState } from "react";
import { DialogRecordScreen } from "@/client/components/record-screen/dialog-record-screen";
import { defineRecordScreen } from "@/client/components/record-screen/types";
import { Label } from "@/client/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { useChildFilter } from "@/client/lib/child-filter";
import { PHOTO_CATEGORIES } from "@/domain/photos";
import { type MedicalPhoto, photosApi } from "./api";
import { ComparePhotosDialog, comparablePhotos } from "./components/compare-photos-dialog";
import { PhotoCard } from "./components/photo-card";
import { PhotoDetailsDialog } from "./components/photo-details-dialog";
import { UploadPhotoDialog } from "./components/upload-photo-dialog";
import { PHOTO_CATEGORY_INFO } from "./photo-labels";

const ALL = "all";

const photosScreen = defineRecordScreen({
  title: "Medical Photos",
  subtitle: "Photos of wounds, rashes and the line's exit site, to show the care team how they change.",
  addLabel: "Upload Photo",
  api: photosApi,
  followsChildFilter: true,
  messages: {
    created: "Medical photo uploaded successfully.",
    createFailed: "Failed to upload medical photo. Please try again.",
    deleted: "Medical photo deleted.",
    deleteFailed: "Failed to delete medical photo. Please try again.",
  },
  failureTitle: "Error",
  loadingLabel: "Loading medical photos...",
  form: { Dialog: UploadPhotoDialog },
  addForm: { title: "Upload Photo", submitLabel: "Save Photo", pendingLabel: "Saving..." },
  editForm: { title: "Photo", submitLabel: "Save Photo" },
  renderCard: () => null,
  empty: {
    icon: Camera,
    title: "No medical photos yet",
    text: "Photograph a wound or the line's exit site every few days to show the care team how it changes.",
    actionLabel: "Upload Your First Photo",
  },
  deletion: { title: "Delete medical photo", itemName: (photo) => photo.title },
  gridClassName: "sm:grid-cols-2 lg:grid-cols-3",
});

type Viewing = { photo: MedicalPhoto | null; open: boolean };
const closed: Viewing = { photo: null, open: false };

/** Medical Photos: the grid by category, upload, details, side-by-side comparison and delete. */
export function MedicalPhotosPage() {
  const [category, setCategory] = useState<string>(ALL);
  const [details, setDetails] = useState<Viewing>(closed);
  const [comparing, setComparing] = useState<Viewing>(closed);
  const params = category === ALL ? undefined : { category };
  const { childId } = useChildFilter();
  // The list the screen shows (the same query, read from the cache), for the comparison's choices.
  const listParams = { ...params, ...(childId ? { childId } : {}) };
  const photos = useInfiniteQuery({
    ...photosApi.pageOptions(Object.keys(listParams).length ? listParams : undefined),
    enabled: false,
  });
  const all = photos.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <DialogRecordScreen
      config={photosScreen}
      params={params}
      filters={
        <div className="mb-6 flex max-w-xs flex-col gap-1.5">
          <Label htmlFor="photo-category">Category</Label>
          <Select value={category} onValueChange={setCategory}>
            <SelectTrigger id="photo-category">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All Categories</SelectItem>
              {PHOTO_CATEGORIES.map((value) => {
                const { label, icon: Icon } = PHOTO_CATEGORY_INFO[value];
                return (
                  <SelectItem key={value} value={value}>
                    <span className="flex items-center gap-2">
                      <Icon aria-hidden="true" className="size-4" />
                      {label}
                    </span>
                  </SelectItem>
                );
              })}
            </SelectContent>
          </Select>
        </div>
      }
      renderCard={(photo, actions) => (
        <PhotoCard
          photo={photo}
          onView={() => setDetails({ photo, open: true })}
          onCompare={() => setComparing({ photo, open: true })}
          onDelete={actions.onDelete}
          canCompare={comparablePhotos(photo, all).length > 0}
        />
      )}
      dialogs={
        <>
          <PhotoDetailsDialog
            photo={details.photo}
            open={details.open}
            onOpenChange={(open) => setDetails((s) => ({ ...s, open }))}
          />
          <ComparePhotosDialog
            photo={comparing.photo}
            photos={all}
            open={comparing.open}
            onOpenChange={(open) => setComparing((s) => ({ ...s, open }))}
          />
        </>
      }
    />
  );
}
