import { CheckCircle2, RotateCcw } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { newRecordChild, useChildSelectField } from "@/client/components/children/child-select-field";
import { useGuardedDialog } from "@/client/components/forms/use-guarded-dialog";
import { RecordFields } from "@/client/components/record-screen/record-fields";
import type { RecordFormDialogProps } from "@/client/components/record-screen/types";
import { useRecordForm } from "@/client/components/record-screen/use-record-form";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  stickyFooterClassName,
} from "@/client/components/ui/dialog";
import { FormAlert } from "@/client/components/ui/form-field";
import { Spinner } from "@/client/components/ui/spinner";
import { toast } from "@/client/components/ui/use-toast";
import { useChildFilter } from "@/client/lib/child-filter";
import { thumbnailPath, UPLOAD_FIRST } from "@/domain/photos";
import type { MedicalPhoto, MedicalPhotoValues } from "../api";
import { newPhotoValues, type PhotoFormValues, photoFields, photoFormSchema } from "../photo-form";

/** Uppy and its styles load only when this dialog opens. */
const PhotoUploader = lazy(() => import("./photo-uploader"));

/**
 * 'Upload Photo' (spec section 4): no photo yet; the file is uploaded; the metadata call gives its
 * object path; the form is enabled and the uploader gives way to 'Photo uploaded successfully';
 * Save stays disabled until then. Saving closes the dialog and refreshes the list.
 */
export function UploadPhotoDialog(props: RecordFormDialogProps<MedicalPhoto, MedicalPhotoValues>) {
  const { open, onOpenChange, title } = props;
  const guard = useGuardedDialog(onOpenChange);
  return (
    <Dialog open={open} onOpenChange={guard.onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            One image of up to 10 MB. Its location and camera details are removed before it is stored.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <UploadPhotoForm {...props} onCancel={guard.requestClose} onDirtyChange={guard.report} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function UploadPhotoForm({
  onOpenChange,
  submitLabel,
  pendingLabel,
  onSubmit,
  onCancel,
  onDirtyChange,
}: RecordFormDialogProps<MedicalPhoto, MedicalPhotoValues> & {
  onCancel: () => void;
  onDirtyChange: (dirty: boolean, discard: () => void) => void;
}) {
  const { childId, children } = useChildFilter();
  const childField = useChildSelectField<PhotoFormValues>();
  const fields = photoFields(childField);
  const [defaults] = useState(() => newPhotoValues(newRecordChild(childId, children)));
  const { form, submit, pending, serverError, dirty, discardDraft } = useRecordForm({
    schema: photoFormSchema,
    fields,
    defaultValues: defaults,
    onSubmit,
    onSubmitted: () => onOpenChange(false),
  });
  useEffect(() => onDirtyChange(dirty, discardDraft), [dirty, discardDraft, onDirtyChange]);
  const photoUrl = form.watch("photoUrl");
  const photoError = form.formState.errors.photoUrl?.message;

  return (
    <form
      onSubmit={(event) => {
        if (!form.getValues("photoUrl")) {
          event.preventDefault();
          toast({ title: "Error", description: UPLOAD_FIRST, variant: "destructive" });
          return;
        }
        void submit(event);
      }}
      noValidate
      className="flex flex-col gap-4"
    >
      {photoUrl ? (
        <div className="flex items-center gap-4 rounded-lg border border-green-200 bg-green-50 p-3">
          <img
            src={thumbnailPath(photoUrl)}
            alt="What was uploaded"
            className="size-20 rounded-md object-cover"
          />
          <div className="flex flex-col items-start gap-1">
            <p className="flex items-center gap-1.5 font-medium text-green-800">
              <CheckCircle2 aria-hidden="true" className="size-5" />
              Photo uploaded successfully
            </p>
            <Button
              variant="link"
              className="h-auto p-0"
              onClick={() => form.setValue("photoUrl", "", { shouldDirty: true })}
            >
              <RotateCcw aria-hidden="true" />
              Choose another photo
            </Button>
          </div>
        </div>
      ) : (
        <Suspense fallback={<Spinner label="Loading the uploader..." className="py-10" />}>
          <PhotoUploader
            onUploaded={(objectPath) =>
              form.setValue("photoUrl", objectPath, { shouldDirty: true, shouldValidate: true })
            }
          />
          {photoError ? <p className="font-medium text-destructive text-sm">{photoError}</p> : null}
        </Suspense>
      )}
      <fieldset disabled={!photoUrl} className="disabled:opacity-60">
        <legend className="sr-only">About the photo</legend>
        <RecordFields form={form} fields={fields} />
      </fieldset>
      <FormAlert message={serverError} />
      <DialogFooter className={stickyFooterClassName}>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending || !photoUrl}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
