import type { z } from "zod";
import { requestJson } from "@/client/lib/api";
import { createResourceApi } from "@/client/lib/resource-api";
import type { MedicalPhoto, medicalPhotoInput } from "@/domain/photos";

export type { MedicalPhoto };
export type MedicalPhotoValues = z.output<typeof medicalPhotoInput>;

/** Photos, newest first; `{ category }` filters on the server, `{ childId }` follows the header. */
export const photosApi = createResourceApi<
  MedicalPhoto,
  MedicalPhotoValues,
  { category?: string; childId?: string }
>("/api/medical-photos", "medical-photos", { paged: true });

/**
 * Step 1 of an upload: where to PUT a file of `size` bytes. The URL takes that size only (the
 * browser sets Content-Length from the file); a photo over 10 MB, one past the storage quota or
 * one too many at once gets no URL, and the answer says why.
 */
export function getUploadUrl(size: number): Promise<{ uploadURL: string }> {
  return requestJson("POST", "/api/objects/upload", { size });
}

/** Step 3: the server checks the uploaded file, strips its metadata and answers its object path. */
export function finishUpload(photoUrl: string): Promise<{ objectPath: string }> {
  return requestJson("PUT", "/api/objects/metadata", { photoUrl });
}
