import { medicalPhotoInput, medicalPhotoRecord } from "../../../domain/photos";
import type { ModuleRoutes } from "../../app-context";
import { registerOwnedRoutes } from "../../lib/owned-routes";
import { medicalPhotoRecords } from "./medical-photos.queries";

export const medicalPhotoRoutes: ModuleRoutes = (scope, { db, storage }) =>
  registerOwnedRoutes(scope, db, {
    path: "/api/medical-photos",
    records: medicalPhotoRecords(storage),
    input: medicalPhotoInput,
    record: medicalPhotoRecord,
    // Spec section 7: photos are added and deleted, not edited.
    updateMethods: [],
  });
