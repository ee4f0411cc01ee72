import type { z } from "zod";
import { createResourceApi } from "@/client/components/record-screen/create-resource-api";
import { requestJson } from "@/client/lib/api";
import type { MedicalPhoto, medicalPhotoInput } from "@/domain/photos";

export type { MedicalPhoto };
export type MedicalPhotoValues = z.output<typeof medicalPhotoInput>;

/** Photos, newest first; `{ category }` filters on the server, `{ childId }` follows the header. */
export const photosApi = createResourceApi<
  MedicalPhoto,
  MedicalPhotoValues,
  { category?: string; childId?: string }
>("/api/medical-photos", "medical-photos", { paged: true });

/** Step 1 of an upload: where to PUT the file. */
export function getUploadUrl(): Promise<{ uploadURL: string }> {
  return requestJson("POST", "/api/objects/upload");
}

/** Step 3: the server checks the uploaded file, strips its metadata and answers its object path. */
export function finishUpload(photoUrl: string): Promise<{ objectPath: string }> {
  return requestJson("PUT", "/api/objects/metadata", { photoUrl });
}
