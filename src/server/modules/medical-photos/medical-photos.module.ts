import type { ModuleDescriptor } from "../../app-context";
import { medicalPhotosRecordType } from "./medical-photos.record";
import { medicalPhotoRoutes } from "./medical-photos.routes";

/** The module of medical photos. */
export const medicalPhotosModule: ModuleDescriptor = {
  name: "medical-photos",
  routes: [medicalPhotoRoutes],
  recordTypes: [medicalPhotosRecordType],
};
