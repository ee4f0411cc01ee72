import {
  medicalPhotoInput,
  medicalPhotoRecord,
  PHOTO_CATEGORY_LABELS,
  PHOTO_SEVERITY_LABELS,
} from "../../../domain/photos";
import { medicalPhotosType } from "../../../domain/record-types/medical-photos";
import { medicalPhotos } from "../../db/schema/index";
import { declareRecordType } from "../record-type-declaration";

/** The server's part of this record type (its shared part: src/domain/record-types/medical-photos.ts). */
export const medicalPhotosRecordType = declareRecordType(medicalPhotosType, {
  table: medicalPhotos,
  childScope: "withUnlinked",
  title: "Medical Photos",
  dateKey: "dateTaken",
  input: medicalPhotoInput,
  record: medicalPhotoRecord,
  restore: { photo: true },
  api: {
    collection: "/api/medical-photos",
    update: [],
    example: (f) => ({
      childId: f.id("children"),
      title: "Exit site",
      category: "wound",
      severity: "mild",
      dateTaken: f.today,
      photoUrl: f.photoUrl,
    }),
  },
  fhir: { none: "The photos' files are not carried by this export (the backup holds them)." },
  readable: {
    codes: { category: PHOTO_CATEGORY_LABELS, severity: PHOTO_SEVERITY_LABELS },
  },
});
